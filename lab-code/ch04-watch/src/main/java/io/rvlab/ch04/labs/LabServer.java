package io.rvlab.ch04.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch01.RevisionReader;
import io.rvlab.ch02.labs.LabEtcd;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch03.labs.EtcdCall;
import io.rvlab.ch03.labs.EtcdCallTrace;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * What chapter 4's labs share: the chapter's {@link WatchApiServer} over the lab's etcd (on a jetcd
 * client of its own, so closing the server really ends its etcd watches), a client whose every
 * request is printed as a curl line against {@code $APISERVER} (so no port appears), watch
 * streams opened the same way, and direct etcd reads and writes printed as etcdctl lines.
 *
 * <p>The server's jetcd client carries chapter 3's {@link EtcdCallTrace}: a lab can show the etcd
 * calls (range, txn) the server made for a request.
 */
final class LabServer implements AutoCloseable {

    private final Narrator out;
    private final Client etcd;
    private final Client serverClient;
    private final WatchApiServer server;
    private final ApiClient api;
    private final ApiClient quietApi;
    private final EtcdCallTrace trace = new EtcdCallTrace();
    private volatile List<EtcdCall> lastServerCalls = List.of();

    /** The chapter's server as kube-apiserver runs by default: a watch cache per resource. */
    LabServer(LabContext lab, WatchCache.Options options) {
        this(lab, client -> WatchApiServer.start(client, "127.0.0.1", 0, options));
    }

    /** The chapter's server without watch caches (kube-apiserver {@code --watch-cache=false}). */
    static LabServer withoutCache(LabContext lab) {
        return new LabServer(lab, client -> WatchApiServer.startWithoutCache(client, "127.0.0.1", 0));
    }

    private LabServer(LabContext lab, Function<Client, WatchApiServer> start) {
        this.out = lab.out();
        this.etcd = lab.client();
        this.serverClient = Client.builder().endpoints(lab.etcd().endpoints().split(",")).interceptor(trace).build();
        WatchApiServer started;
        try {
            started = start.apply(serverClient);
        } catch (RuntimeException e) {
            serverClient.close();
            throw e;
        }
        this.server = started;
        this.quietApi = new ApiClient(server.url());
        this.api = quietApi.withListener(new ApiClient.Listener() {
            @Override
            public void sent(String method, String path, String contentType, String body) {
                trace.drain(); // from here on, the trace holds this request's etcd calls
                out.say(CurlLine.of(method, path, contentType, body));
            }

            @Override
            public void received(String method, String path, int code, JsonNode body) {
                lastServerCalls = trace.drain();
                out.show("%s", summary(code, body));
            }
        });
    }

    WatchApiServer server() {
        return server;
    }

    WatchCache configMaps() {
        return server.cache(ResourceTypes.CONFIGMAPS);
    }

    ApiClient api() {
        return api;
    }

    /** The etcd KV calls the server made for the last request of {@link #api()} (its watch cache makes none). */
    List<EtcdCall> lastServerCalls() {
        return lastServerCalls;
    }

    /** A client of the same server that prints nothing: for loops the lab sums up instead of printing. */
    ApiClient quietApi() {
        return quietApi;
    }

    /** Opens {@code GET path} as a watch stream, printed as a curl line. */
    WatchConnection watch(String pathAndQuery) {
        out.say("$ curl -sN \"" + CurlLine.SERVER + pathAndQuery + "\"");
        return WatchConnection.open(server.url(), pathAndQuery);
    }

    /** The same, printing nothing: for the hundred watchers of lab 4.5. */
    WatchConnection quietWatch(String pathAndQuery) {
        return WatchConnection.open(server.url(), pathAndQuery);
    }

    /** Waits until the ConfigMap watch cache has processed revision {@code revision} (it follows etcd closely). */
    void awaitCache(long revision) throws InterruptedException {
        if (!awaitCache(revision, Duration.ofSeconds(30))) {
            throw new IllegalStateException("the watch cache did not reach revision " + revision + ": " + configMaps());
        }
    }

    /** Whether the ConfigMap watch cache reached revision {@code revision} within {@code wait}. */
    boolean awaitCache(long revision, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (configMaps().resourceVersion() < revision) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    /** Creates the namespaces the lab uses, through the API (printed). */
    void createNamespaces(String... names) {
        for (String name : names) {
            ObjectNode ns = JsonNodeFactory.instance.objectNode();
            ns.put("apiVersion", "v1").put("kind", "Namespace");
            ns.putObject("metadata").put("name", name);
            api.create("/api/v1/namespaces", ns);
        }
    }

    /**
     * Removes what an earlier run left (the namespaces' ConfigMaps, then the namespaces), straight in
     * etcd; on a fresh etcd nothing is there and nothing is written.
     */
    void startClean(String... namespaces) {
        LabEtcd.startClean(out, etcd, List.of("configmaps"), namespaces);
    }

    /** etcd's current revision, read straight from etcd, printed. */
    long etcdRevision() {
        return LabEtcd.revision(out, etcd);
    }

    /** etcd's current revision, not printed. */
    long quietEtcdRevision() {
        return new RevisionReader(etcd).currentRevision();
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            serverClient.close();
        }
    }

    /** An answer in one line: code, kind and name (or number of items), resourceVersion, data; or a Status. */
    static String summary(int code, JsonNode body) {
        String kind = body.path("kind").asText();
        if ("Status".equals(kind) && "Success".equals(body.path("status").asText())) {
            return code + " Status Success  details " + body.path("details").path("kind").asText() + " "
                    + body.path("details").path("name").asText();
        }
        if ("Status".equals(kind)) {
            return code + " " + body.path("reason").asText() + ": " + body.path("message").asText();
        }
        JsonNode metadata = body.path("metadata");
        StringBuilder line = new StringBuilder().append(code).append(' ').append(kind);
        if (body.has("items")) {
            line.append(", ").append(body.path("items").size()).append(" item(s)");
            for (JsonNode item : body.path("items")) {
                line.append(' ').append(item.path("metadata").path("name").asText()).append('@')
                        .append(item.path("metadata").path("resourceVersion").asText());
            }
        } else {
            line.append(' ').append(metadata.path("name").asText());
        }
        line.append("  resourceVersion \"").append(metadata.path("resourceVersion").asText()).append('"');
        if (body.has("data")) {
            line.append("  data ").append(LabObjects.data(body));
        }
        return line.toString();
    }
}
