package io.rvlab.ch02.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch01.Compactor;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.JetcdCalls;
import io.rvlab.ch01.RevisionWriter;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The chapter's labs talk to two things: the API server over HTTP, and etcd underneath it. This
 * prints both the same way before running them: the curl command (with the server's address as
 * {@code $APISERVER}, so no port number ever appears) or the etcdctl command and jetcd call, then
 * what came back, reduced to the numbers the lab is about (no uids, no timestamps).
 */
final class ApiNarrator implements AutoCloseable {

    /** How the labs' commands name the server; {@code ./course serve} prints the real address. */
    static final String SERVER = "$APISERVER";

    private final Narrator out;
    private final Client client;
    private final ApiServer server;
    private final EtcdStorage storage;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** A reply from the API server: the status code, Retry-After if any, and the JSON body. */
    record Reply(int code, String retryAfter, JsonNode json) {

        String resourceVersion() {
            return json.path("metadata").path("resourceVersion").asText();
        }

        long rv() {
            return Long.parseLong(resourceVersion());
        }

        List<String> names() {
            List<String> names = new ArrayList<>();
            json.path("items").forEach(item -> names.add(item.path("metadata").path("name").asText()));
            return names;
        }

        String continueToken() {
            return json.path("metadata").path("continue").asText("");
        }
    }

    ApiNarrator(LabContext lab) {
        this.out = lab.out();
        this.client = lab.client();
        this.storage = new EtcdStorage(client);
        this.server = ApiServer.start(storage, "127.0.0.1", 0);
    }

    EtcdStorage storage() {
        return storage;
    }

    @Override
    public void close() {
        server.close();
    }

    // --- the API server ---------------------------------------------------------------------

    Reply get(String path) {
        out.say("$ curl -s \"" + SERVER + path + "\"");
        return send(HttpRequest.newBuilder(server.url().resolve(path)).GET());
    }

    /** A GET that prints nothing: for labs that print many answers as one table. */
    Reply fetch(String path) {
        return send(HttpRequest.newBuilder(server.url().resolve(path)).GET());
    }

    Reply post(String path, ObjectNode body) {
        String json = GoJson.compact(body);
        out.say("$ curl -s -X POST -H 'Content-Type: application/json' \"" + SERVER + path + "\" -d '" + json + "'");
        return send(HttpRequest.newBuilder(server.url().resolve(path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    private Reply send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.header("User-Agent", "rvlab-lab/1.0")
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            JsonNode json = GoJson.read(response.body().getBytes(StandardCharsets.UTF_8));
            return new Reply(response.statusCode(), response.headers().firstValue("Retry-After").orElse(null), json);
        } catch (IOException e) {
            throw new IllegalStateException("the API server did not answer: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** One object: code, kind, namespace/name and resourceVersion. */
    void showObject(Reply reply) {
        JsonNode metadata = reply.json().path("metadata");
        String where = metadata.has("namespace") ? metadata.path("namespace").asText() + "/" : "";
        out.show("%d %s %s%s  resourceVersion \"%s\"%s", reply.code(), reply.json().path("kind").asText(), where,
                metadata.path("name").asText(), reply.resourceVersion(), data(reply.json()));
    }

    /** A list: code, kind, the list's resourceVersion, each item with its own, and the paging fields. */
    void showList(Reply reply) {
        List<String> items = new ArrayList<>();
        reply.json().path("items").forEach(item -> items.add(item.path("metadata").path("name").asText()
                + " (resourceVersion \"" + item.path("metadata").path("resourceVersion").asText() + "\"" + data(item) + ")"));
        out.show("%d %s  resourceVersion \"%s\"", reply.code(), reply.json().path("kind").asText(), reply.resourceVersion());
        out.show("  items: %s", items.isEmpty() ? "(none)" : String.join(", ", items));
        if (reply.json().path("metadata").has("remainingItemCount")) {
            out.show("  remainingItemCount: %d", reply.json().path("metadata").path("remainingItemCount").asLong());
        }
        if (!reply.continueToken().isEmpty()) {
            out.show("  continue: %s", reply.continueToken());
        }
    }

    /** A Status: code, reason and message (and Retry-After, a continue token if present). */
    void showStatus(Reply reply) {
        out.show("%d %s: %s", reply.code(), reply.json().path("reason").asText(), reply.json().path("message").asText());
        if (reply.retryAfter() != null) {
            out.show("  Retry-After: %s", reply.retryAfter());
        }
        if (!reply.continueToken().isEmpty()) {
            out.show("  metadata.continue: %s", reply.continueToken());
        }
    }

    private static String data(JsonNode object) {
        JsonNode k = object.path("data").path("k");
        return k.isMissingNode() ? "" : ", data.k=" + k.asText();
    }

    // --- etcd underneath ----------------------------------------------------------------------

    /** The numbers etcd keeps for a key. */
    record KeyNumbers(long revision, long createRevision, long modRevision, long version, String value) {
    }

    KeyNumbers etcdGet(String key) {
        out.etcdctl(Etcdctl.get(key));
        out.jetcd(JetcdCalls.get(key));
        GetResponse response = Await.result(client.getKVClient().get(Bytes.bytes(key)));
        KeyValue kv = response.getKvs().get(0);
        KeyNumbers numbers = new KeyNumbers(response.getHeader().getRevision(), kv.getCreateRevision(),
                kv.getModRevision(), kv.getVersion(), Bytes.text(kv.getValue()));
        out.show("header revision=%d  %s: create_revision=%d mod_revision=%d version=%d", numbers.revision(), key,
                numbers.createRevision(), numbers.modRevision(), numbers.version());
        return numbers;
    }

    /** A prefix read, keys only: the header revision and each key's mod_revision. */
    long etcdKeys(String prefix) {
        out.etcdctl("get " + prefix + " --prefix --keys-only -w json");
        out.jetcd("kv.get(bytes(\"" + prefix + "\"), GetOption.builder().isPrefix(true).withKeysOnly(true).build())");
        GetResponse response = Await.result(client.getKVClient().get(Bytes.bytes(prefix),
                GetOption.builder().isPrefix(true).withKeysOnly(true).build()));
        List<String> keys = new ArrayList<>();
        for (KeyValue kv : response.getKvs()) {
            keys.add(Bytes.text(kv.getKey()).substring(prefix.length()) + " (mod_revision " + kv.getModRevision() + ")");
        }
        out.show("header revision=%d  keys: %s", response.getHeader().getRevision(), String.join(", ", keys));
        return response.getHeader().getRevision();
    }

    /**
     * Edits a stored object straight in etcd, behind the API server's back: replaces {@code from}
     * with {@code to} in its JSON value. The etcdctl line does the same with sed, so it prints no
     * uid or timestamp.
     */
    long etcdEdit(String key, String from, String to) {
        out.etcdctl("put " + key + " \"$(etcdctl get " + key + " --print-value-only | sed 's/" + from + "/" + to + "/')\"");
        out.jetcd("kv.put(bytes(\"" + key + "\"), bytes(value.replace(\"" + from.replace("\"", "\\\"") + "\", \""
                + to.replace("\"", "\\\"") + "\")))");
        String value = Bytes.text(Await.result(client.getKVClient().get(Bytes.bytes(key))).getKvs().get(0).getValue());
        long revision = new RevisionWriter(client).put(key, value.replace(from, to));
        out.show("OK, header revision %d", revision);
        return revision;
    }

    /** A write straight into etcd, behind the API server's back. */
    long etcdPut(String key, String value) {
        out.etcdctl(Etcdctl.put(key, value));
        out.jetcd(JetcdCalls.put(key, value));
        long revision = new RevisionWriter(client).put(key, value);
        out.show("OK, header revision %d", revision);
        return revision;
    }

    long revision() {
        return LabEtcd.revision(out, client);
    }

    void compact(long revision) {
        out.etcdctl(Etcdctl.compact(revision));
        out.jetcd(JetcdCalls.compact(revision));
        new Compactor(client).compact(revision);
        out.show("OK, compacted up to revision %d", revision);
    }

    /**
     * Removes what an earlier run of the lab left: the lab's namespace and everything in it (this
     * chapter's API has no delete yet, so it goes straight to etcd). On a fresh etcd nothing is
     * there and no revision is made.
     */
    void startClean(String namespace) {
        LabEtcd.startClean(out, client, List.of("configmaps", "deployments"), namespace);
    }

    URI url() {
        return server.url();
    }
}
