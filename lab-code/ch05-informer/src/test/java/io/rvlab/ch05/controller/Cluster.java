package io.rvlab.ch05.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.client.RestConfig;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/** Chapter 4's API server on the test's etcd, a client counting the writes it makes, and namespaces per test. */
final class Cluster implements AutoCloseable {

    static final Duration LIVENESS = Duration.ofSeconds(30);

    final WatchApiServer server;
    /** The test's own client (its writes are not counted). */
    final RestClient api;

    private Cluster(WatchApiServer server) {
        this.server = server;
        this.api = new RestClient(RestConfig.forUrl(server.url()));
    }

    static Cluster start(Client etcd) {
        return new Cluster(WatchApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT));
    }

    /** A client for a controller, counting into {@code writes} every request that is not a GET. */
    static RestClient counting(RestClient client, AtomicInteger writes) {
        return client.withListener(new RestClient.Listener() {
            @Override
            public void sent(String method, String path, String body) {
                if (!"GET".equals(method)) {
                    writes.incrementAndGet();
                }
            }
        });
    }

    String namespace(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        ObjectNode namespace = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "Namespace");
        namespace.putObject("metadata").put("name", name);
        api.create("/api/v1/namespaces", namespace);
        return name;
    }

    static String configMaps(String namespace) {
        return "/api/v1/namespaces/" + namespace + "/configmaps";
    }

    static String deployments(String namespace) {
        return "/apis/apps/v1/namespaces/" + namespace + "/deployments";
    }

    static ObjectNode configMap(String name, String label) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        ObjectNode metadata = cm.putObject("metadata").put("name", name);
        if (label != null) {
            metadata.putObject("labels").put(label, "yes");
        }
        cm.putObject("data").put("k", "v");
        return cm;
    }

    static ObjectNode deployment(String name, int replicas) {
        ObjectNode d = JsonNodeFactory.instance.objectNode().put("apiVersion", "apps/v1").put("kind", "Deployment");
        d.putObject("metadata").put("name", name).putObject("labels").put("app", name);
        ObjectNode spec = d.putObject("spec");
        spec.put("replicas", replicas);
        spec.putObject("selector").putObject("matchLabels").put("app", name);
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").putObject("labels").put("app", name);
        template.putObject("spec").putArray("containers").addObject().put("name", "c").put("image", "img:1");
        return d;
    }

    static ObjectNode mergePatch(String json) {
        try {
            return (ObjectNode) new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    static long rv(JsonNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }

    /** Waits for a condition (liveness, not timing): fails after {@link #LIVENESS}. */
    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + LIVENESS.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + LIVENESS + ": " + what);
            }
            Thread.sleep(20);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
