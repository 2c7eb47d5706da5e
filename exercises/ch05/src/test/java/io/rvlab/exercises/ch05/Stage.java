package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch05.cache.ObjectKeys;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.ReflectorBackoff;
import io.rvlab.ch05.history.EtcdState;
import io.rvlab.ch05.history.InformerChecker;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.BooleanSupplier;

/** Chapter 4's API server on the test's etcd, a client to write with, and a namespace of its own per use. */
final class Stage implements AutoCloseable {

    final WatchApiServer server;
    final ApiClient api;

    Stage(Client etcd, WatchCache.Options options) {
        this.server = WatchApiServer.start(etcd, "127.0.0.1", 0, options);
        this.api = new ApiClient(server.url());
    }

    /** A new namespace; its name. */
    String namespace(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        ObjectNode namespace = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "Namespace");
        namespace.putObject("metadata").put("name", name);
        api.create("/api/v1/namespaces", namespace);
        return name;
    }

    ConfigMapClient configMaps(String namespace) {
        return new ConfigMapClient(api, namespace);
    }

    /** client-go's reflector with test-sized backoff and 30-second watches. */
    static ReflectorOptions reflectorOptions() {
        return ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick()).withMinWatchTimeout(Duration.ofSeconds(30));
    }

    static ObjectNode configMap(String name, Map<String, String> labels) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        ObjectNode metadata = cm.putObject("metadata").put("name", name);
        ObjectNode labelNode = metadata.putObject("labels");
        labels.forEach(labelNode::put);
        cm.putObject("data").put("k", "v");
        return cm;
    }

    static long rv(ObjectNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }

    /** Whether a store holds exactly etcd's objects. */
    static boolean sameAs(Iterable<ObjectNode> store, EtcdState etcd) {
        Map<String, ObjectNode> mine = new TreeMap<>();
        store.forEach(o -> mine.put(ObjectKeys.of(o), o));
        return mine.keySet().equals(etcd.objects().keySet()) && mine.keySet().stream().allMatch(k -> {
            ObjectNode a = mine.get(k).deepCopy();
            ObjectNode b = etcd.objects().get(k).deepCopy();
            a.remove("kind");
            a.remove("apiVersion");
            b.remove("kind");
            b.remove("apiVersion");
            return a.equals(b);
        });
    }

    /** Waits up to 30 s for {@code condition}; false if it never held. */
    static boolean await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    static InformerChecker checker(EtcdState etcd) {
        return new InformerChecker(etcd);
    }

    @Override
    public void close() {
        server.close();
    }
}
