// Chapter 2 in jshell: an API server over etcd, and etcd underneath it.
//
// Started by "./course jshell 2", which puts lab-code/ch02-apiserver and its dependencies on the
// class path. The script starts etcd and this chapter's API server on a free port, and defines a
// few helpers: get and post talk HTTP to the server (each prints the curl command that does the
// same), etcd reads a registry key straight from etcd (and prints the etcdctl command).
//
// With -R-Drvlab.jshell.check=true ("./course test" sets it) the script checks its own helpers
// against the server and etcd and exits with 0 or 1 instead of staying open.

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.FourNumbers;
import io.rvlab.ch01.RevisionReader;
import io.rvlab.ch01.RevisionWriter;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

var etcdHandle = io.rvlab.support.etcd.Etcd.start();
var client = etcdHandle.client();
var server = ApiServer.start(new EtcdStorage(client), "127.0.0.1", 0);
Runtime.getRuntime().addShutdownHook(new Thread(() -> { server.close(); etcdHandle.close(); }, "rvlab-jshell-stop"));
var reader = new RevisionReader(client);
var writer = new RevisionWriter(client);
var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

/** What the API server answered: the status code and the JSON body. jshell shows it as "201 {...}". */
record Reply(int code, String body) {
    public String toString() { return code + " " + body; }
}

/** A key's numbers as etcd reports them: the header revision, then the key's own three. */
record KeyNumbers(String key, long revision, long createRevision, long modRevision, long version) {
    public String toString() {
        return "revision=%d create_revision=%d mod_revision=%d version=%d".formatted(revision, createRevision, modRevision, version);
    }
}

Reply send(HttpRequest.Builder request) {
    try {
        HttpResponse<String> response = http.send(request.header("User-Agent", "rvlab-jshell/1.0")
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return new Reply(response.statusCode(), response.body().strip());
    } catch (Exception e) {
        throw new IllegalStateException("the API server did not answer: " + e, e);
    }
}

// tag::helpers[]
/** GET a path from the API server, such as get("/api/v1/namespaces/default/configmaps"). */
Reply get(String path) {
    System.out.println("  $ curl -s \"" + server.url() + path + "\"");
    return send(HttpRequest.newBuilder(server.url().resolve(path)).GET());
}

/** POST a JSON object to a collection: this chapter's only write, a create. */
Reply post(String path, String json) {
    System.out.println("  $ curl -s -X POST -H 'Content-Type: application/json' \""
            + server.url() + path + "\" -d '" + json + "'");
    return send(HttpRequest.newBuilder(server.url().resolve(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
}

/** Creates a ConfigMap with one key in namespace default. */
Reply configMap(String name, String key, String value) {
    String json = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\","
            + "\"metadata\":{\"name\":" + GoJson.string(name) + "},"
            + "\"data\":{" + GoJson.string(key) + ":" + GoJson.string(value) + "}}";
    return post("/api/v1/namespaces/default/configmaps", json);
}

/** The metadata.resourceVersion of an answer: an object's, or a list's. */
String rv(Reply reply) {
    try {
        JsonNode json = GoJson.read(reply.body().getBytes(StandardCharsets.UTF_8));
        return json.path("metadata").path("resourceVersion").asText();
    } catch (java.io.IOException e) {
        throw new IllegalArgumentException("not JSON: " + reply.body(), e);
    }
}

/** The numbers etcd keeps for a key, read straight from etcd. */
KeyNumbers etcd(String key) {
    System.out.println("  $ etcdctl " + Etcdctl.get(key));
    FourNumbers n = reader.latest(key);
    return new KeyNumbers(key, n.revision(), n.createRevision(), n.modRevision(),
            n.version());
}

/** The bytes etcd stores for a key, as text: the object without its resourceVersion. */
String value(String key) {
    System.out.println("  $ etcdctl get " + key + " --print-value-only");
    return reader.latest(key).value().orElse("(no such key)");
}

/** etcd's revision now. */
long revision() {
    System.out.println("  $ etcdctl " + Etcdctl.currentRevision());
    return reader.currentRevision();
}

/** A write straight into etcd, behind the API server's back; returns its revision. */
long put(String key, String value) {
    System.out.println("  $ etcdctl " + Etcdctl.put(key, value));
    return writer.put(key, value);
}
// end::helpers[]

// ---- The self-check (only when rvlab.jshell.check is true) -------------------------------------

boolean checked(boolean holds, String claim) {
    System.out.println((holds ? "  \u2714 " : "  \u2718 FAILED: ") + claim);
    return holds;
}

int selfCheck() {
    String name = "rvlab-jshell-check";
    String key = "/registry/configmaps/default/" + name;
    try {
        writer.delete(key); // left by an earlier check on the same etcd, if any (no delete in this chapter's API)
        boolean ok = true;
        Reply created = configMap(name, "k", "v1");
        KeyNumbers numbers = etcd(key);
        ok &= checked(created.code() == 201, "POST creates the ConfigMap: " + created.code());
        ok &= checked(rv(created).equals(Long.toString(numbers.modRevision())),
                "its resourceVersion \"" + rv(created) + "\" is the key's mod_revision " + numbers.modRevision());
        ok &= checked(numbers.createRevision() == numbers.modRevision() && numbers.version() == 1,
                "a new key: create_revision = mod_revision, version 1");
        ok &= checked(!value(key).contains("resourceVersion"), "the value stored in etcd holds no resourceVersion");
        long unrelated = put("/rvlab/jshell-check/unrelated", "x");
        Reply list = get("/api/v1/namespaces/default/configmaps");
        ok &= checked(rv(list).equals(Long.toString(revision())) && rv(list).equals(Long.toString(unrelated)),
                "the list's resourceVersion " + rv(list) + " is etcd's header revision, made by an unrelated write");
        ok &= checked(rv(get("/api/v1/namespaces/default/configmaps/" + name)).equals(rv(created)),
                "a GET still shows resourceVersion " + rv(created) + ": the unrelated write did not touch the key");
        Reply exact = get("/api/v1/namespaces/default/configmaps?resourceVersion=" + rv(created) + "&resourceVersionMatch=Exact");
        ok &= checked(exact.code() == 200 && rv(exact).equals(rv(created)),
                "an Exact list at " + rv(created) + " is read from etcd's history and says resourceVersion " + rv(exact));
        writer.delete(key);
        writer.delete("/rvlab/jshell-check/unrelated");
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

    Chapter 2: resourceVersion is mod_revision, in jshell.
    API server: %s   (kubectl --server %s get configmaps -A)
    etcd: %s

    Try, one line at a time:
      get("/api/v1/namespaces")                          a list, with its resourceVersion
      var demo = configMap("demo", "greeting", "hello")  create one: 201, and rv(demo) is its resourceVersion
      etcd("/registry/configmaps/default/demo")          the key's numbers: mod_revision = rv(demo)
      value("/registry/configmaps/default/demo")         what etcd stores: no resourceVersion in it
      configMap("other", "k", "v")   put("/unrelated", "x")    two more writes, one behind the server's back
      rv(get("/api/v1/namespaces/default/configmaps/demo"))    demo's resourceVersion has not moved
      rv(get("/api/v1/namespaces/default/configmaps"))         a list's resourceVersion is etcd's revision()
      get("/api/v1/namespaces/default/configmaps?resourceVersionMatch=Exact&resourceVersion=" + rv(demo))
                                                         the list as it was when demo was created
      get("/api/v1/namespaces/default/configmaps?limit=1")     a page and its continue token
      get("/api/v1/namespaces/default/configmaps/demo?resourceVersion=999999999")   waits 3 s, then 504

    server (an ApiServer), client (a jetcd Client). /exit leaves (and stops the server and etcd).
    """.formatted(server.url(), server.url(), etcdHandle.description()));
