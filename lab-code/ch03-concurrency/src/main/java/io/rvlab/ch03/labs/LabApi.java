package io.rvlab.ch03.labs;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.JetcdCalls;
import io.rvlab.ch02.labs.LabEtcd;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch03.server.ConcurrencyApiServer;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.util.List;

/**
 * What chapter 3's labs share: the chapter's API server over the lab's etcd, an {@link ApiClient}
 * whose every request is printed as a curl line (the server is {@code $APISERVER}, so no port
 * appears) and every answer reduced to what the lab is about, and direct etcd reads printed as
 * etcdctl lines.
 *
 * <p>The server talks to etcd through a jetcd client of its own, with an {@link EtcdCallTrace} on
 * it: the labs can show (and check) the etcd calls the server made for a request.
 */
final class LabApi implements AutoCloseable {

    private final Narrator out;
    private final Client client;
    private final EtcdCallTrace trace = new EtcdCallTrace();
    private final Client serverClient;
    private final ApiServer server;
    private final ApiClient api;
    private volatile List<EtcdCall> lastServerCalls = List.of();
    private volatile boolean printServerCalls;

    LabApi(LabContext lab) {
        this.out = lab.out();
        this.client = lab.client();
        // The server's own client, traced: the same etcd, the same storage code, every KV call recorded.
        this.serverClient = Client.builder().endpoints(lab.etcd().endpoints().split(",")).interceptor(trace).build();
        ApiServer started;
        try {
            started = ConcurrencyApiServer.start(new EtcdUpdatableStorage(serverClient), "127.0.0.1", 0);
        } catch (RuntimeException e) {
            serverClient.close();
            throw e;
        }
        this.server = started;
        this.api = new ApiClient(server.url()).withListener(new ApiClient.Listener() {
            @Override
            public void sent(String method, String path, String contentType, String body) {
                trace.drain(); // from here on, the trace holds this request's etcd calls
                out.say(CurlLine.of(method, path, contentType, body));
            }

            @Override
            public void received(String method, String path, int code, JsonNode body) {
                lastServerCalls = trace.drain();
                if (printServerCalls) {
                    for (EtcdCall call : lastServerCalls) {
                        out.show("server -> etcd: %s  => %s", call.describe(key -> key), call.answer());
                    }
                }
                out.show("%s", summary(code, body));
            }
        });
    }

    ApiClient client() {
        return api;
    }

    /** A client of the same server that prints nothing: for loops the lab sums up instead of printing. */
    ApiClient quietClient() {
        return new ApiClient(server.url());
    }

    /**
     * The etcd calls the server made for the last request of {@link #client()}, as its jetcd client
     * sent them and etcd answered them.
     */
    List<EtcdCall> lastServerCalls() {
        return lastServerCalls;
    }

    /** Whether each answer of {@link #client()} is preceded by the etcd calls the server made for it. */
    void printServerCalls(boolean print) {
        this.printServerCalls = print;
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            serverClient.close();
        }
    }

    /**
     * An answer in one line: code, kind and name, resourceVersion, and data (a ConfigMap) or
     * generation and status.observedGeneration (a Deployment); or a Status's reason and message.
     */
    static String summary(int code, JsonNode body) {
        if ("Status".equals(body.path("kind").asText())) {
            return code + " " + body.path("reason").asText() + ": " + body.path("message").asText();
        }
        JsonNode metadata = body.path("metadata");
        StringBuilder line = new StringBuilder().append(code).append(' ').append(body.path("kind").asText()).append(' ')
                .append(metadata.path("name").asText()).append("  resourceVersion \"")
                .append(metadata.path("resourceVersion").asText()).append('"');
        if (body.has("data")) {
            line.append("  data ").append(LabObjects.data(body));
        }
        if (metadata.has("generation")) {
            line.append("  generation ").append(metadata.path("generation").asLong());
            JsonNode observed = body.path("status").path("observedGeneration");
            line.append("  status.observedGeneration ").append(observed.isMissingNode() ? "-" : observed.asText());
        }
        return line.toString();
    }

    /** The numbers and value etcd keeps for a key, and etcd's revision at the read. */
    record KeyNumbers(long modRevision, long version, String value, long revision) {
    }

    /** Reads a key straight from etcd (no API server) and prints its mod_revision and version, and etcd's revision. */
    KeyNumbers etcdGet(String key) {
        out.etcdctl(Etcdctl.get(key));
        out.jetcd(JetcdCalls.get(key));
        GetResponse response = Await.result(client.getKVClient().get(Bytes.bytes(key)));
        KeyValue kv = response.getKvs().get(0);
        KeyNumbers numbers = new KeyNumbers(kv.getModRevision(), kv.getVersion(), Bytes.text(kv.getValue()),
                response.getHeader().getRevision());
        out.show("%s: mod_revision=%d version=%d  (header revision %d)", key, numbers.modRevision(), numbers.version(),
                numbers.revision());
        return numbers;
    }

    /** etcd's current revision, read straight from etcd: the header revision of any read. */
    long etcdRevision() {
        return LabEtcd.revision(out, client);
    }

    /** Removes the lab's ConfigMaps and namespace left by an earlier run. */
    void startClean(String namespace) {
        startClean(namespace, "configmaps");
    }

    /**
     * Removes what an earlier run left in the namespace (the given resources, then the namespace),
     * straight in etcd; on a fresh etcd nothing is there and nothing is written.
     */
    void startClean(String namespace, String... resources) {
        LabEtcd.startClean(out, client, List.of(resources), namespace);
    }

    static List<String> lifelines() {
        return List.of(LostUpdateLab.A, LostUpdateLab.B, LostUpdateLab.SERVER, LostUpdateLab.ETCD);
    }
}
