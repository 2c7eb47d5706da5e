package io.rvlab.ch05.labs;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch01.RevisionReader;
import io.rvlab.ch02.labs.LabEtcd;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.server.WatchListApiServer;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * What chapter 5's labs share: the chapter's {@link WatchListApiServer} over the lab's etcd (on a
 * jetcd client of its own, so closing the server ends its etcd watches), a client whose every
 * request is printed as a curl line against {@code $APISERVER} (so no port appears), and the
 * clean-up of what an earlier run left.
 */
final class LabCluster implements AutoCloseable {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final Narrator out;
    private final Client etcd;
    private final Client serverClient;
    private final WatchListApiServer server;
    private final ApiClient api;
    private final ApiClient quietApi;

    LabCluster(LabContext lab, WatchCache.Options options) {
        this.out = lab.out();
        this.etcd = lab.client();
        this.serverClient = Client.builder().endpoints(lab.etcd().endpoints().split(",")).build();
        try {
            this.server = WatchListApiServer.start(serverClient, "127.0.0.1", 0, options);
        } catch (RuntimeException e) {
            serverClient.close();
            throw e;
        }
        this.quietApi = new ApiClient(server.url());
        this.api = quietApi.withListener(new ApiClient.Listener() {
            @Override
            public void sent(String method, String path, String contentType, String body) {
                out.say(CurlLine.of(method, path, contentType, body));
            }

            @Override
            public void received(String method, String path, int code, JsonNode body) {
                out.show("%s", summary(code, body));
            }
        });
    }

    WatchListApiServer server() {
        return server;
    }

    URI url() {
        return server.url();
    }

    /** How a client of this server is configured (client-go's rest.Config): just the URL. */
    RestConfig config() {
        return RestConfig.forUrl(server.url());
    }

    ApiClient api() {
        return api;
    }

    /** The same server, printing nothing: for loops the lab sums up. */
    ApiClient quietApi() {
        return quietApi;
    }

    /**
     * Removes what an earlier run left (the namespaces' ConfigMaps and Deployments, then the
     * namespaces), straight in etcd; on a fresh etcd nothing is there and nothing is written.
     */
    void startClean(String... namespaces) {
        LabEtcd.startClean(out, etcd, List.of("configmaps", "deployments"), namespaces);
    }

    /** Creates the namespaces, through the API (printed). */
    void createNamespaces(String... names) {
        for (String name : names) {
            api.create("/api/v1/namespaces", LabObjects.namespace(name));
        }
    }

    /** etcd's current revision, read straight from etcd, not printed. */
    long etcdRevision() {
        return new RevisionReader(etcd).currentRevision();
    }

    /**
     * Waits until the ConfigMap and Deployment watch caches have reached etcd's current revision (they
     * follow etcd's progress notifications, once a second): what a "0" list answers is then the same
     * on every run.
     */
    void awaitCaches() throws InterruptedException {
        long revision = etcdRevision();
        for (WatchCache cache : List.of(server.cache(ResourceTypes.CONFIGMAPS), server.cache(ResourceTypes.DEPLOYMENTS))) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (cache.resourceVersion() < revision) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the watch cache did not reach revision " + revision + ": " + cache);
                }
                Thread.sleep(10);
            }
        }
    }

    /** Waits for the etcd revision {@code revision} in the ConfigMap watch cache. */
    void awaitConfigMaps(long revision) throws InterruptedException {
        WatchCache cache = server.cache(ResourceTypes.CONFIGMAPS);
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (cache.resourceVersion() < revision) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the watch cache did not reach revision " + revision + ": " + cache);
            }
            Thread.sleep(10);
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            serverClient.close();
        }
    }

    /** An answer in one line: code, kind and name (or items), resourceVersion, data; or a Status. */
    static String summary(int code, JsonNode body) {
        String kind = body.path("kind").asText();
        if ("Status".equals(kind) && "Success".equals(body.path("status").asText())) {
            return code + " Status Success";
        }
        if ("Status".equals(kind)) {
            return code + " " + body.path("reason").asText() + ": " + body.path("message").asText();
        }
        JsonNode metadata = body.path("metadata");
        StringBuilder line = new StringBuilder().append(code).append(' ').append(kind);
        if (body.has("items")) {
            line.append(", ").append(body.path("items").size()).append(" item(s)");
            int shown = 0;
            for (JsonNode item : body.path("items")) {
                if (shown++ == 5) {
                    line.append(" ...");
                    break;
                }
                line.append(' ').append(item.path("metadata").path("name").asText()).append('@')
                        .append(item.path("metadata").path("resourceVersion").asText());
            }
        } else {
            line.append(' ').append(metadata.path("name").asText());
        }
        line.append("  resourceVersion \"").append(metadata.path("resourceVersion").asText()).append('"');
        if (metadata.has("generation")) {
            line.append("  generation ").append(metadata.path("generation").asLong());
        }
        if (body.path("status").has("observedGeneration")) {
            line.append("  observedGeneration ").append(body.path("status").path("observedGeneration").asLong());
        }
        if (body.has("data")) {
            line.append("  data ").append(LabObjects.data(body));
        }
        return line.toString();
    }
}
