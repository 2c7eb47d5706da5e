// Chapter 3 in jshell: two writers, one object, and the 409 that keeps both their changes.
//
// Started by "./course jshell 3", which puts lab-code/ch03-concurrency and its dependencies on the
// class path. The script starts etcd and this chapter's API server (updates, merge patches, deletes)
// on a free port, and defines helpers: plain HTTP calls that print the curl command they stand for,
// a writer's read-change-write cycle on ConfigMaps in namespace default, RetryOnConflict, a race of
// many writers, and etcd reads that print their etcdctl command.
//
// With -R-Drvlab.jshell.check=true ("./course test" sets it) the script checks its own helpers
// against the server and etcd and exits with 0 or 1 instead of staying open.

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.FourNumbers;
import io.rvlab.ch01.RevisionReader;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.api.RetryOnConflict;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch03.client.ConflictException;
import io.rvlab.ch03.server.ConcurrencyApiServer;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

var etcdHandle = io.rvlab.support.etcd.Etcd.start();
var client = etcdHandle.client();
var server = ConcurrencyApiServer.start(new EtcdUpdatableStorage(client), "127.0.0.1", 0);
Runtime.getRuntime().addShutdownHook(new Thread(() -> { server.close(); etcdHandle.close(); }, "rvlab-jshell-stop"));
var reader = new RevisionReader(client);
var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

/** What the API server answered: the status code and the JSON body. jshell shows it as "409 {...}". */
record Reply(int code, String body) {
    public String toString() { return code + " " + body; }
}

/** A key's numbers as etcd reports them: the header revision, then the key's own three. */
record KeyNumbers(String key, long revision, long createRevision, long modRevision, long version) {
    public String toString() {
        return "revision=%d create_revision=%d mod_revision=%d version=%d".formatted(revision, createRevision, modRevision, version);
    }
}

/** The curl command for a request, as the labs print it. */
String curl(String method, String path, String contentType, String body) {
    return "  $ curl -s" + (method.equals("GET") ? "" : " -X " + method)
            + (contentType == null ? "" : " -H 'Content-Type: " + contentType + "'")
            + " \"" + server.url() + path + "\"" + (body == null ? "" : " -d '" + body + "'");
}

Reply send(String method, String path, String contentType, String body) {
    System.out.println(curl(method, path, contentType, body));
    HttpRequest.Builder request = HttpRequest.newBuilder(server.url().resolve(path))
            .header("User-Agent", "rvlab-jshell/1.0").timeout(Duration.ofSeconds(30))
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (contentType != null) {
        request.header("Content-Type", contentType);
    }
    try {
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return new Reply(response.statusCode(), response.body().strip());
    } catch (Exception e) {
        throw new IllegalStateException("the API server did not answer: " + e, e);
    }
}

JsonNode json(String text) {
    try {
        return GoJson.read(text.getBytes(StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
        throw new IllegalArgumentException("not JSON: " + text, e);
    }
}

/** An answer in one line: the code, then a Status's reason and message, or an object's resourceVersion and data. */
String summary(Reply reply) {
    JsonNode body = json(reply.body());
    return "    " + reply.code() + " " + ("Status".equals(body.path("kind").asText())
            ? body.path("reason").asText() + ": " + body.path("message").asText()
            : "resourceVersion " + body.path("metadata").path("resourceVersion").asText() + "  data " + body.path("data"));
}

/** The chapter's typed client, printing each request as curl and each answer in one line (used by retry). */
var configMaps = new ConfigMapClient(new ApiClient(server.url()).withListener(new ApiClient.Listener() {
    public void sent(String method, String path, String contentType, String body) {
        System.out.println(curl(method, path, contentType, body));
    }
    public void received(String method, String path, int code, JsonNode body) {
        System.out.println(summary(new Reply(code, GoJson.compact(body))));
    }
}), "default");

String path(String name) {
    return "/api/v1/namespaces/default/configmaps/" + name;
}

/** GET a path from the API server, such as get(path("foo")) or get("/api/v1/namespaces/default/configmaps"). */
Reply get(String path) {
    return send("GET", path, null, null);
}

/** PUT a whole object (JSON text) to a path. */
Reply put(String path, String json) {
    return send("PUT", path, "application/json", json);
}

/** PATCH with a JSON merge patch, such as patch(path("foo"), "{\"data\":{\"bar\":\"C\"}}"). */
Reply patch(String path, String mergePatch) {
    return send("PATCH", path, "application/merge-patch+json", mergePatch);
}

/** DELETE; deleteOptions may carry preconditions: "{\"preconditions\":{\"resourceVersion\":\"7\"}}". */
Reply delete(String path, String deleteOptions) {
    return send("DELETE", path, deleteOptions == null ? null : "application/json", deleteOptions);
}

/** Creates ConfigMap name in namespace default with one key. */
Reply configMap(String name, String key, String value) {
    String json = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":" + GoJson.string(name) + "},"
            + "\"data\":{" + GoJson.string(key) + ":" + GoJson.string(value) + "}}";
    return send("POST", "/api/v1/namespaces/default/configmaps", "application/json", json);
}

// tag::helpers[]
/** A writer's read: GETs ConfigMap name and returns it as a copy you can change. */
ObjectNode read(String name) {
    Reply reply = get(path(name));
    if (reply.code() != 200) {
        throw new IllegalStateException(reply.toString());
    }
    System.out.println("    200 resourceVersion " + rv(reply));
    return (ObjectNode) json(reply.body());
}

/** Changes data[key] in your copy. Nothing is sent: the server does not know. */
ObjectNode set(ObjectNode copy, String key, String value) {
    copy.withObject("/data").put(key, value);
    return copy;
}

/** Removes metadata.resourceVersion from your copy: its PUT becomes unconditional (last writer wins). */
ObjectNode unconditional(ObjectNode copy) {
    copy.withObject("/metadata").remove("resourceVersion");
    return copy;
}

/** A writer's write: PUTs your copy back, conditional as long as it carries the resourceVersion it was read with. */
Reply update(ObjectNode copy) {
    return put(path(copy.path("metadata").path("name").asText()), GoJson.compact(copy));
}

/**
 * B done right: client-go's RetryOnConflict (DefaultRetry). The first attempt PUTs your copy with the change;
 * after a 409, each attempt GETs the object afresh, applies the change again and PUTs it.
 */
ObjectNode retry(ObjectNode copy, String key, String value) {
    int[] attempt = {0};
    return RetryOnConflict.run(RetryOnConflict.DEFAULT_RETRY, () -> {
        attempt[0]++;
        System.out.println("  attempt " + attempt[0] + ":");
        ObjectNode current = attempt[0] == 1 ? copy.deepCopy() : configMaps.get(copy.path("metadata").path("name").asText());
        return configMaps.update(set(current, key, value));
    });
}
// end::helpers[]

/**
 * The race of lab 3.1, round 2: (re)creates name with bar=0 and baz=0, writers A and B read it, A sets
 * bar=A and PUTs, then B sets baz=B on its stale copy and PUTs: 409. Returns B's stale copy, for retry.
 */
ObjectNode race(String name) {
    delete(path(name), null);
    send("POST", "/api/v1/namespaces/default/configmaps", "application/json", "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\","
            + "\"metadata\":{\"name\":" + GoJson.string(name) + "},\"data\":{\"bar\":\"0\",\"baz\":\"0\"}}");
    System.out.println("  A reads:"); ObjectNode a = read(name);
    System.out.println("  B reads:"); ObjectNode b = read(name);
    System.out.println("  A writes bar=A:"); System.out.println(summary(update(set(a, "bar", "A"))));
    System.out.println("  B writes baz=B on its stale copy:"); System.out.println(summary(update(set(b.deepCopy(), "baz", "B"))));
    return b;
}

/** What contend saw: increments acknowledged, given up after the last attempt, conflicts retried, and the final count. */
record Contention(int acknowledged, int gaveUp, int conflicts, int count) {
    public String toString() {
        return "%d acknowledged, %d given up, %d conflicts retried; final n=%d%s".formatted(acknowledged, gaveUp, conflicts,
                count, count == acknowledged ? " = the acknowledged increments" : " BUT %d were acknowledged".formatted(acknowledged));
    }
}

/**
 * Real concurrency: writers threads each add 1 to data.n of ConfigMap name, each times: GET, +1 and a
 * conditional PUT, inside RetryOnConflict (DefaultRetry: 5 attempts, client-go's choice for many clients
 * on one object). Nothing may be lost: the final count must equal the increments the server acknowledged.
 */
Contention contend(String name, int writers, int each) throws Exception {
    delete(path(name), null);
    configMap(name, "n", "0");
    ConfigMapClient quiet = new ConfigMapClient(new ApiClient(server.url()), "default");
    AtomicInteger acknowledged = new AtomicInteger(), conflicts = new AtomicInteger(), gaveUp = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
        List<Future<?>> done = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            done.add(pool.submit(() -> {
                for (int i = 0; i < each; i++) {
                    try {
                        RetryOnConflict.run(RetryOnConflict.DEFAULT_RETRY, () -> {
                            ObjectNode current = quiet.get(name);
                            int n = Integer.parseInt(current.path("data").path("n").asText());
                            try {
                                return quiet.update(set(current, "n", Integer.toString(n + 1)));
                            } catch (ConflictException e) {
                                conflicts.incrementAndGet();
                                throw e;
                            }
                        });
                        acknowledged.incrementAndGet();
                    } catch (ConflictException e) {
                        gaveUp.incrementAndGet(); // out of attempts: this increment was never acknowledged
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
    } finally {
        pool.shutdownNow();
    }
    int n = Integer.parseInt(quiet.get(name).path("data").path("n").asText());
    return new Contention(acknowledged.get(), gaveUp.get(), conflicts.get(), n);
}

/** The resourceVersion of an answer, or of a copy. */
String rv(Reply reply) {
    return json(reply.body()).path("metadata").path("resourceVersion").asText();
}

String rv(ObjectNode copy) {
    return copy.path("metadata").path("resourceVersion").asText();
}

/** The numbers etcd keeps for a key, read straight from etcd: each 200 moves them, a 409 does not. */
KeyNumbers etcd(String key) {
    System.out.println("  $ etcdctl " + Etcdctl.get(key));
    FourNumbers n = reader.latest(key);
    return new KeyNumbers(key, n.revision(), n.createRevision(), n.modRevision(), n.version());
}

// ---- The self-check (only when rvlab.jshell.check is true) -------------------------------------

boolean checked(boolean holds, String claim) {
    System.out.println((holds ? "  \u2714 " : "  \u2718 FAILED: ") + claim);
    return holds;
}

String data(Reply reply, String key) {
    return json(reply.body()).path("data").path(key).asText();
}

int selfCheck() {
    String name = "rvlab-jshell-check";
    String key = "/registry/configmaps/default/" + name;
    try {
        boolean ok = true;
        ObjectNode stale = race(name);
        Reply afterA = get(path(name));
        KeyNumbers numbers = etcd(key);
        ok &= checked(data(afterA, "bar").equals("A") && data(afterA, "baz").equals("0"),
                "A's PUT went through: bar=A, baz=0 at resourceVersion " + rv(afterA));
        ok &= checked(rv(afterA).equals(Long.toString(numbers.modRevision())),
                "its resourceVersion is the key's mod_revision " + numbers.modRevision() + ": B's 409 wrote nothing");
        Reply conflict = update(set(stale.deepCopy(), "baz", "B"));
        ok &= checked(conflict.code() == 409 && conflict.body().contains("Operation cannot be fulfilled on configmaps \\\"" + name
                        + "\\\": the object has been modified; please apply your changes to the latest version and try again")
                        && conflict.body().contains("\"reason\":\"Conflict\""),
                "B's stale copy (resourceVersion " + rv(stale) + ") gets 409 Conflict with Kubernetes' message");
        ObjectNode retried = retry(stale, "baz", "B");
        ok &= checked("A".equals(retried.path("data").path("bar").asText()) && "B".equals(retried.path("data").path("baz").asText()),
                "retry re-read the object and kept both changes: bar=A, baz=B at resourceVersion " + rv(retried));
        ok &= checked(etcd(key).modRevision() == Long.parseLong(rv(retried)), "etcd agrees: mod_revision " + rv(retried));
        Reply lost = update(set(unconditional(stale.deepCopy()), "baz", "B2"));
        ok &= checked(lost.code() == 200 && data(lost, "bar").equals("0"),
                "the same stale copy without its resourceVersion: 200, and bar is back to 0 (the lost update)");
        Reply same = update(unconditional((ObjectNode) json(lost.body())));
        ok &= checked(same.code() == 200 && rv(same).equals(rv(lost)), "a PUT of what is stored writes nothing: resourceVersion stays " + rv(lost));
        Reply patched = patch(path(name), "{\"metadata\":{\"resourceVersion\":\"" + rv(stale) + "\"},\"data\":{\"bar\":\"P\"}}");
        ok &= checked(patched.code() == 409, "a merge patch naming an old resourceVersion gets 409 too");
        Reply refused = delete(path(name), "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"resourceVersion\":\""
                + rv(stale) + "\"}}");
        ok &= checked(refused.code() == 409 && refused.body().contains("the ResourceVersion in the precondition (" + rv(stale)
                + ") does not match the ResourceVersion in record (" + rv(lost) + ")"), "DELETE with a stale precondition: 409, naming both versions");
        ok &= checked(delete(path(name), null).code() == 200 && get(path(name)).code() == 404, "DELETE without preconditions: 200, then 404");
        Contention contention = contend(name + "-n", 4, 5);
        ok &= checked(contention.count() == contention.acknowledged() && contention.acknowledged() + contention.gaveUp() == 20,
                "four concurrent writers, 20 increments: " + contention);
        delete(path(name + "-n"), null);
        System.out.println(ok ? "jshell self-check passed" : "jshell self-check FAILED");
        return ok ? 0 : 1;
    } catch (Throwable e) {
        System.out.println("jshell self-check FAILED: " + e);
        return 1;
    }
}

// In a check run (./course test) the launcher loads one more file after this one, which ends jshell with
// "/exit checkExitCode": jshell itself exits 0 even when a snippet throws, hence the explicit code.
int checkExitCode = Boolean.getBoolean("rvlab.jshell.check") ? selfCheck() : 0;

System.out.println("""

    Chapter 3: optimistic concurrency, in jshell.
    API server: %s   (kubectl --server %s get configmaps)
    etcd: %s

    Try, one line at a time (all in namespace default):
      configMap("foo", "bar", "0")                 create foo
      var a = read("foo"); var b = read("foo")     two writers hold the same version: rv(a), rv(b)
      update(set(a, "bar", "A"))                   A writes first: 200, a new resourceVersion
      update(set(b, "baz", "B"))                   B's copy is stale: 409 Conflict. Predict it first!
      update(a)                                    and A's own copy is now stale too
      etcd("/registry/configmaps/default/foo")     mod_revision = the last 200's resourceVersion; 409s wrote nothing
      retry(b, "baz", "B")                         B done right: 409, GET afresh, PUT: both changes kept
      update(set(unconditional(b), "baz", "X"))    no resourceVersion: 200, and A's bar=A is lost
      patch(path("foo"), "{\\"data\\":{\\"bar\\":\\"C\\"}}")      a merge patch: only what changes, no conflict
      var stale = race("foo-2")                    lab 3.1's round 2 in one call; returns B's stale copy
      contend("counter", 8, 10)                    8 threads x 10 increments with RetryOnConflict
      delete(path("foo"), "{\\"preconditions\\":{\\"resourceVersion\\":\\"1\\"}}")   409; delete(path("foo"), null): 200

    server (an ApiServer), client (a jetcd Client), configMaps (a ConfigMapClient). /exit leaves (and stops both).
    """.formatted(server.url(), server.url(), etcdHandle.description()));
