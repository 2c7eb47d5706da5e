// Chapter 4 in jshell: watch streams from the API server and from etcd, side by side.
//
// Started by "./course jshell 4", which puts lab-code/ch04-watch and its dependencies on the class
// path. The script starts etcd and this chapter's API server (a watch cache per resource, its window
// kept small, 20 changes, so a 410 is easy to meet) on a free port, and defines helpers: watch(...)
// opens an HTTP watch in the background and prints each event line as it arrives, etcdWatch(...)
// does the same with a plain jetcd watch, churn(...) makes many changes at once (enough to push a
// resourceVersion out of the window), and write helpers print the curl command they stand for.
//
// With -R-Drvlab.jshell.check=true ("./course test" sets it) the script checks its own helpers
// against the server and etcd and exits with 0 or 1 instead of staying open.

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.options.WatchOption;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

var etcdHandle = io.rvlab.support.etcd.Etcd.start();
var client = etcdHandle.client();
var server = WatchApiServer.start(client, "127.0.0.1", 0, WatchCache.Options.DEFAULT.withCapacity(20));
Runtime.getRuntime().addShutdownHook(new Thread(() -> { server.close(); etcdHandle.close(); }, "rvlab-jshell-stop"));
var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

/** What the API server answered to a plain request: the status code and the JSON body. */
record Reply(int code, String body) {
    public String toString() { return code + " " + body; }
}

JsonNode json(String text) {
    try {
        return GoJson.read(text.getBytes(StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
        throw new IllegalArgumentException("not JSON: " + text, e);
    }
}

/** The curl command for a request. */
String curl(String method, String path, String contentType, String body) {
    return "curl -s" + (method.equals("GET") ? "" : " -X " + method)
            + (contentType == null ? "" : " -H 'Content-Type: " + contentType + "'")
            + " \"" + server.url() + path + "\"" + (body == null ? "" : " -d '" + body + "'");
}

Reply send(String method, String path, String contentType, String body) {
    System.out.println("  $ " + curl(method, path, contentType, body));
    return exchange(method, path, contentType, body);
}

/** The request itself, printing nothing. */
Reply exchange(String method, String path, String contentType, String body) {
    HttpRequest.Builder request = HttpRequest.newBuilder(server.url().resolve(path)).timeout(Duration.ofSeconds(30))
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

/** etcd's current revision. */
long revision() throws Exception {
    return client.getKVClient().get(Bytes.bytes("/registry/")).get().getHeader().getRevision();
}

String collection(String namespace) {
    return "/api/v1/namespaces/" + namespace + "/configmaps";
}

/** Creates ConfigMap name in namespace with data {k: value}; returns its resourceVersion. */
String create(String namespace, String name, String value) {
    Reply reply = send("POST", collection(namespace), "application/json",
            "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\"},\"data\":{\"k\":\"" + value + "\"}}");
    return json(reply.body()).path("metadata").path("resourceVersion").asText();
}

/** Sets data.k with a merge patch; returns the new resourceVersion. */
String update(String namespace, String name, String value) {
    Reply reply = send("PATCH", collection(namespace) + "/" + name, "application/merge-patch+json", "{\"data\":{\"k\":\"" + value + "\"}}");
    return json(reply.body()).path("metadata").path("resourceVersion").asText();
}

/** Sets (or with null removes) label app with a merge patch; returns the new resourceVersion. */
String label(String namespace, String name, String app) {
    String value = app == null ? "null" : "\"" + app + "\"";
    Reply reply = send("PATCH", collection(namespace) + "/" + name, "application/merge-patch+json", "{\"metadata\":{\"labels\":{\"app\":" + value + "}}}");
    return json(reply.body()).path("metadata").path("resourceVersion").asText();
}

/**
 * Sets data.k of ConfigMap name n times in a row, with one merge patch each, printing one line for all
 * of them; returns the resourceVersion of each change, oldest first.
 */
List<String> churn(String namespace, String name, int n) {
    String path = collection(namespace) + "/" + name;
    String example = "{\"data\":{\"k\":\"'$i'\"}}";
    System.out.println("  $ for i in $(seq " + n + "); do " + curl("PATCH", path, "application/merge-patch+json", example) + "; done");
    List<String> rvs = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
        Reply reply = exchange("PATCH", path, "application/merge-patch+json", "{\"data\":{\"k\":\"" + i + "\"}}");
        if (reply.code() != 200) {
            throw new IllegalStateException("change " + i + " of " + n + ": " + reply);
        }
        rvs.add(json(reply.body()).path("metadata").path("resourceVersion").asText());
    }
    System.out.println("    " + n + " changes, resourceVersions " + rvs.get(0) + " to " + rvs.get(n - 1));
    return rvs;
}

/**
 * Deletes, and returns etcd's revision right after: the deletion's revision, which the DELETED event
 * carries, as long as nothing else wrote meanwhile (a ConfigMap's DELETE answers with a Status, not the object).
 */
String delete(String namespace, String name) throws Exception {
    send("DELETE", collection(namespace) + "/" + name, null, null);
    return Long.toString(revision());
}

/** Creates a namespace. */
void namespace(String name) {
    send("POST", "/api/v1/namespaces", "application/json", "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + name + "\"}}");
}

/** A watch running in the background: every line the server sent so far, and whether the server ended it. */
class Watching {
    final String query;
    final List<String> lines = Collections.synchronizedList(new ArrayList<>());
    volatile boolean ended;
    volatile boolean quiet;
    Watching(String query) { this.query = query; }
    /** The event types so far, such as [ADDED, MODIFIED, DELETED]. */
    List<String> types() { synchronized (lines) { return lines.stream().map(l -> json(l).path("type").asText()).toList(); } }
    /** The resourceVersion of each event so far. */
    List<String> rvs() { synchronized (lines) { return lines.stream().map(l -> json(l).path("object").path("metadata").path("resourceVersion").asText()).toList(); } }
    /** Waits until at least n lines came, or the watch ended, or seconds passed. */
    Watching await(int n, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (lines.size() < n && !ended && System.nanoTime() < deadline) { Thread.sleep(20); }
        return this;
    }
    public String toString() { return "watch " + query + (ended ? " (ended)" : "") + ": " + types(); }
}

// tag::helpers[]
/**
 * Opens GET <collection(namespace)>?watch=1&<query> in the background and prints each event line as it
 * arrives, such as watch("default", "resourceVersion=0&allowWatchBookmarks=true&timeoutSeconds=30").
 */
Watching watch(String namespace, String query) {
    String path = collection(namespace) + "?watch=1" + (query.isEmpty() ? "" : "&" + query);
    System.out.println("  $ curl -sN \"" + server.url() + path + "\" &");
    Watching watching = new Watching(query);
    HttpRequest request = HttpRequest.newBuilder(server.url().resolve(path)).build();
    http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream()).thenAccept(response -> {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                watching.lines.add(line);
                if (!watching.quiet) {
                    System.out.println("  [watch " + namespace + "] " + line);
                }
            }
        } catch (java.io.IOException e) {
            // the connection closed
        }
        watching.ended = true;
        if (!watching.quiet) {
            System.out.println("  [watch " + namespace + "] (the server ended the stream)");
        }
    });
    return watching;
}

/** A plain etcd watch running in the background: the events so far, as printed; close() stops it. */
class EtcdWatching {
    final List<String> events = Collections.synchronizedList(new ArrayList<>());
    io.etcd.jetcd.Watch.Watcher watcher;
    void close() { watcher.close(); }
    public String toString() { return "etcd watch: " + events; }
}

/**
 * A plain jetcd watch on a prefix from a revision, printing etcd's own events. etcd's start revision
 * is inclusive: the change made at fromRevision itself comes first, if it touched the prefix.
 */
EtcdWatching etcdWatch(String prefix, long fromRevision) {
    System.out.println("  $ etcdctl watch --prefix --prev-kv --rev=" + fromRevision + " " + prefix + " &");
    WatchOption option = WatchOption.builder().isPrefix(true).withRevision(fromRevision).withPrevKV(true).build();
    EtcdWatching watching = new EtcdWatching();
    watching.watcher = client.getWatchClient().watch(Bytes.bytes(prefix), option, response -> response.getEvents().forEach(e -> {
        String event = e.getEventType() + " " + Bytes.text(e.getKeyValue().getKey())
                + " create_revision=" + e.getKeyValue().getCreateRevision() + " mod_revision=" + e.getKeyValue().getModRevision()
                + (e.getPrevKV().getKey().isEmpty() ? "" : " prev_kv.mod_revision=" + e.getPrevKV().getModRevision());
        watching.events.add(event);
        System.out.println("  [etcd] " + event);
    }));
    return watching;
}
// end::helpers[]

// ---- The self-check (only when rvlab.jshell.check is true) -------------------------------------

boolean checked(boolean holds, String claim) {
    System.out.println((holds ? "  \u2714 " : "  \u2718 FAILED: ") + claim);
    return holds;
}

int selfCheck() {
    try {
        boolean ok = true;
        namespace("jshell-a");
        namespace("jshell-b");
        String from = Long.toString(revision());
        Watching w = watch("jshell-a", "resourceVersion=" + from + "&timeoutSeconds=20");
        Watching apps = watch("jshell-a", "resourceVersion=" + from + "&labelSelector=app%3Dweb&timeoutSeconds=20");
        Thread.sleep(300);
        String created = create("jshell-a", "cm", "1");
        String updated = update("jshell-a", "cm", "2");
        String labelled = label("jshell-a", "cm", "web");
        String relabelled = label("jshell-a", "cm", "db");
        String deleted = delete("jshell-a", "cm");
        w.await(5, 10);
        ok &= checked(w.types().equals(List.of("ADDED", "MODIFIED", "MODIFIED", "MODIFIED", "DELETED")),
                "a watch from " + from + " sees ADDED, MODIFIED x3, DELETED: " + w.types());
        ok &= checked(w.rvs().equals(List.of(created, updated, labelled, relabelled, deleted)),
                "each event's resourceVersion is the write's, the DELETED one the deletion's: " + w.rvs());
        apps.await(2, 10);
        ok &= checked(apps.types().equals(List.of("ADDED", "DELETED")) && apps.rvs().equals(List.of(labelled, relabelled)),
                "with labelSelector app=web: ADDED when it starts matching, DELETED when it stops: " + apps.types() + " " + apps.rvs());
        String xCreated = create("jshell-a", "x", "1");
        Watching zero = watch("jshell-a", "resourceVersion=0&timeoutSeconds=1");
        zero.await(1, 10).await(99, 3);
        ok &= checked(zero.types().equals(List.of("ADDED")) && zero.ended,
                "a watch from \"0\" starts with ADDED for what exists, and ends at timeoutSeconds: " + zero.types());
        long current = revision();
        EtcdWatching replay = etcdWatch("/registry/configmaps/jshell-a/", current);
        String after = create("jshell-a", "after", "1");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (replay.events.size() < 2 && System.nanoTime() < deadline) { Thread.sleep(20); }
        replay.close();
        ok &= checked(Long.toString(current).equals(xCreated) && replay.events.size() == 2
                        && replay.events.get(0).matches("PUT /registry/configmaps/jshell-a/x .* mod_revision=" + current + "( .*)?")
                        && replay.events.get(1).matches("PUT /registry/configmaps/jshell-a/after .* mod_revision=" + after + "( .*)?"),
                "an etcd watch from the current revision " + current + " first replays the change made at " + current
                        + " (the start revision is inclusive), then the new one at " + after + ": " + replay.events);
        String old = update("jshell-a", "x", "0");
        List<String> later = churn("jshell-a", "x", 25);
        long expectedOldest = Long.parseLong(later.get(5)) - 1;
        Watching expired = watch("jshell-a", "resourceVersion=" + old);
        expired.await(1, 10).await(99, 2);
        JsonNode error = expired.lines.isEmpty() ? json("{}") : json(expired.lines.get(0));
        ok &= checked(expired.types().equals(List.of("ERROR")) && error.path("object").path("code").asInt() == 410
                        && error.path("object").path("reason").asText().equals("Expired")
                        && error.path("object").path("message").asText().equals("too old resource version: " + old + " (" + expectedOldest + ")")
                        && expired.ended,
                "a watch from " + old + ", 25 changes ago, older than the 20-change window: one ERROR event, 410 Expired, "
                        + "naming " + expectedOldest + ", the revision just before the oldest change the window holds ("
                        + later.get(5) + "), then the end");
        String edge = Long.toString(expectedOldest);
        Watching resumable = watch("jshell-a", "resourceVersion=" + edge + "&timeoutSeconds=1");
        resumable.await(20, 10).await(99, 3);
        ok &= checked(resumable.types().size() == 20 && !resumable.types().contains("ERROR")
                        && resumable.rvs().equals(later.subList(5, 25)),
                "a watch from " + edge + " itself is served: the window still holds every change after it ("
                        + resumable.types().size() + " events)");
        String quietFrom = Long.toString(revision());
        Watching idle = watch("jshell-b", "resourceVersion=" + quietFrom + "&allowWatchBookmarks=true&timeoutSeconds=4");
        Thread.sleep(300);
        String elsewhere = create("jshell-a", "elsewhere", "1");
        idle.await(1, 10);
        ok &= checked(idle.types().equals(List.of("BOOKMARK")) && Long.parseLong(idle.rvs().get(0)) >= Long.parseLong(elsewhere),
                "an idle watcher with allowWatchBookmarks gets a BOOKMARK 2 s before its timeout, at or past " + elsewhere + ": " + idle.rvs());
        String now = Long.toString(revision());
        List<Watching> many = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            many.add(watch("jshell-b", "resourceVersion=" + now + "&timeoutSeconds=20"));
            many.get(i).quiet = true;
        }
        Thread.sleep(500);
        String shared = create("jshell-b", "shared", "1");
        boolean all = true;
        for (Watching one : many) {
            all &= one.await(1, 10).rvs().equals(List.of(shared));
        }
        ok &= checked(all && server.etcdWatches() == 4 && server.cache(ResourceTypes.CONFIGMAPS).etcdWatches() == 1,
                "20 watchers all see the create at " + shared + ", and the server holds one etcd watch per resource ("
                        + server.etcdWatches() + " for 4 resources)");
        System.out.println(ok ? "jshell self-check passed" : "jshell self-check FAILED");
        return ok ? 0 : 1;
    } catch (Exception e) {
        System.out.println("jshell self-check FAILED: " + e);
        return 1;
    }
}

// In a check run (./course test) the launcher loads one more file after this one, which ends jshell with
// "/exit checkExitCode": jshell itself exits 0 even when a snippet throws, hence the explicit code.
int checkExitCode = Boolean.getBoolean("rvlab.jshell.check") ? selfCheck() : 0;

if (!Boolean.getBoolean("rvlab.jshell.check")) {
    System.out.println("""

        Chapter 4 is loaded: etcd at %s and the API server at %s (watch-cache window: 20 changes).
        Try:
          namespace("demo");
          var w = watch("demo", "resourceVersion=0&allowWatchBookmarks=true&timeoutSeconds=60");
          create("demo", "cm", "1"); update("demo", "cm", "2"); delete("demo", "cm");
          w.types(); w.rvs();
          var e = etcdWatch("/registry/configmaps/demo/", revision());   // replays the change at revision() first
          create("demo", "cm2", "1"); e.close();
          var from = update("demo", "cm2", "0"); var rvs = churn("demo", "cm2", 25);
          watch("demo", "resourceVersion=" + from)    // 25 changes ago: older than the window, one ERROR event, 410
          watch("demo", "resourceVersion=" + (Long.parseLong(rvs.get(5)) - 1) + "&timeoutSeconds=5")   // just inside it
        Defined: server (a WatchApiServer), client (a jetcd Client), watch, etcdWatch, churn, create, update,
        label, delete, namespace, revision. /exit leaves (and stops both).
        """.formatted(etcdHandle.endpoints(), server.url()));
}
