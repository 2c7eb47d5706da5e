// Chapter 5 in jshell: a reflector and an informer, step by step, against this chapter's API server.
//
// Started by "./course jshell 5", which puts lab-code/ch05-informer and its dependencies on the class
// path. The script starts etcd and this chapter's API server (chapter 4's plus streaming lists) on a
// free port, and defines helpers: informer(...) starts a SharedInformer on a namespace's ConfigMaps that
// prints every step of its reflector (each LIST and WATCH with its resourceVersion, every event with the
// resume point after it) and every handler call; watchList(...) shows a raw streaming list; the write
// helpers print the curl command they stand for.
//
// With -R-Drvlab.jshell.check=true ("./course test" sets it) the script checks its own helpers
// against the server and exits with 0 or 1 instead of staying open.

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.DeletedFinalStateUnknown;
import io.rvlab.ch05.cache.IndexFunc;
import io.rvlab.ch05.cache.Indexers;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ObjectKeys;
import io.rvlab.ch05.cache.Reflector;
import io.rvlab.ch05.cache.ReflectorBackoff;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.cache.ResourceEventHandler;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.cache.WatchListOptions;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.server.WatchListApiServer;
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
import java.util.Map;
import java.util.function.BooleanSupplier;

var etcdHandle = io.rvlab.support.etcd.Etcd.start();
var client = etcdHandle.client();
var server = WatchListApiServer.start(client, "127.0.0.1", 0, WatchCache.Options.DEFAULT);
Runtime.getRuntime().addShutdownHook(new Thread(() -> { server.close(); etcdHandle.close(); }, "rvlab-jshell-stop"));
var config = RestConfig.forUrl(server.url());
var api = new RestClient(config);
var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
var mapper = new ObjectMapper();

ObjectNode json(String text) {
    try {
        return (ObjectNode) mapper.readTree(text);
    } catch (Exception e) {
        throw new IllegalArgumentException("not a JSON object: " + text, e);
    }
}

String rv(JsonNode object) {
    return object.path("metadata").path("resourceVersion").asText();
}

/** etcd's current revision. */
long revision() throws Exception {
    return client.getKVClient().get(Bytes.bytes("/registry/")).get().getHeader().getRevision();
}

String collection(String namespace) {
    return "/api/v1/namespaces/" + namespace + "/configmaps";
}

ObjectNode write(String method, String path, String body, java.util.function.Supplier<ObjectNode> call) {
    System.out.println("  $ curl -s -X " + method + (method.equals("PATCH") ? " -H 'Content-Type: application/merge-patch+json'"
            : body == null ? "" : " -H 'Content-Type: application/json'") + " \"" + server.url() + path + "\""
            + (body == null ? "" : " -d '" + body + "'"));
    return call.get();
}

/** Creates a namespace. */
void namespace(String name) {
    String body = "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + name + "\"}}";
    write("POST", "/api/v1/namespaces", body, () -> api.create("/api/v1/namespaces", json(body)));
}

/** Creates ConfigMap name with data {k: "1"} and, unless null, label app; returns its resourceVersion. */
String create(String namespace, String name, String app) {
    String labels = app == null ? "" : ",\"labels\":{\"app\":\"" + app + "\"}";
    String body = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\"" + labels
            + "},\"data\":{\"k\":\"1\"}}";
    return rv(write("POST", collection(namespace), body, () -> api.create(collection(namespace), json(body))));
}

/** Sets data.k with a merge patch; returns the new resourceVersion. */
String update(String namespace, String name, String value) {
    String body = "{\"data\":{\"k\":\"" + value + "\"}}";
    String path = collection(namespace) + "/" + name;
    return rv(write("PATCH", path, body, () -> api.patch(path, json(body))));
}

/** Sets (or with null removes) label app with a merge patch; returns the new resourceVersion. */
String label(String namespace, String name, String app) {
    String body = "{\"metadata\":{\"labels\":{\"app\":" + (app == null ? "null" : "\"" + app + "\"") + "}}}";
    String path = collection(namespace) + "/" + name;
    return rv(write("PATCH", path, body, () -> api.patch(path, json(body))));
}

/** Deletes a ConfigMap. */
void delete(String namespace, String name) {
    String path = collection(namespace) + "/" + name;
    write("DELETE", path, null, () -> api.delete(path));
}

/** What an informer did: its reflector's steps and its handler's calls, each one line, printed as they happen. */
class Informing implements ReflectorListener, ResourceEventHandler {
    final String name;
    final List<String> steps = Collections.synchronizedList(new ArrayList<>());
    final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    volatile boolean quiet;
    SharedInformer informer;

    Informing(String name) { this.name = name; }

    void step(String line) { steps.add(line); if (!quiet) System.out.println("  [" + name + " reflector] " + line); }
    void call(String line) { calls.add(line); if (!quiet) System.out.println("  [" + name + " handler] " + line); }

    public void listed(ListOptions options, String resourceVersion, int items) {
        step("LIST " + options + " -> " + items + " items at rv " + resourceVersion + "; lastSync=" + resourceVersion);
    }
    public void listFailed(ListOptions options, Throwable cause) { step("LIST " + options + " failed: " + cause.getMessage()); }
    public void initialEventsEnded(String resourceVersion, int items) {
        step("initial events ended (annotated BOOKMARK): " + items + " items at rv " + resourceVersion + "; lastSync=" + resourceVersion);
    }
    public void watchStarted(WatchListOptions options) { step("WATCH " + options); }
    public void event(WatchEvent event, String lastSync) {
        step(event.type() + " " + (event.type() == WatchEvent.Type.BOOKMARK ? "" : ObjectKeys.of(event.object()) + " ")
                + "rv " + event.resourceVersion() + "; lastSync=" + lastSync);
    }
    public void watchEnded(String reason) { step("watch ended: " + reason); }
    public void backoff(Duration pause, Throwable cause) { step("backoff " + pause.toMillis() + " ms after " + cause.getMessage()); }
    public void resynced() { step("resync (no request to the server)"); }

    public void onAdd(ObjectNode object, boolean isInInitialList) {
        call("onAdd " + ObjectKeys.of(object) + " rv " + rv(object) + (isInInitialList ? " (in the initial list)" : ""));
    }
    public void onUpdate(ObjectNode oldObject, ObjectNode newObject) {
        call("onUpdate " + ObjectKeys.of(newObject) + " rv " + rv(oldObject) + " -> " + rv(newObject)
                + (rv(oldObject).equals(rv(newObject)) ? " (same version: a resync)" : ""));
    }
    public void onDelete(Object objectOrTombstone) {
        call("onDelete " + ObjectKeys.of(objectOrTombstone)
                + (objectOrTombstone instanceof DeletedFinalStateUnknown ? " (tombstone: deleted while not watching)" : ""));
    }

    /** The informer's store, as sorted keys. */
    List<String> keys() { return informer.indexer().listKeys().stream().sorted().toList(); }
    /** Keys of the objects whose label app has this value, from the index. */
    List<String> app(String value) { return informer.indexer().indexKeys("app", value).stream().sorted().toList(); }
    String lastSync() { return informer.reflector().lastSyncResourceVersion(); }
    int lists() { return informer.reflector().lists(); }
    void close() { informer.close(); }
    public String toString() { return "informer " + name + ": " + keys() + " at lastSync " + lastSync(); }
}

/**
 * Starts a SharedInformer on namespace's ConfigMaps, with a namespace index and an index on label app,
 * printing what it does. watchList: a streaming list instead of a LIST; resync: ZERO for none.
 */
Informing informer(String namespace, boolean watchList, Duration resync) throws InterruptedException {
    Informing informing = new Informing(namespace + (watchList ? "/watch-list" : "") + (resync.isZero() ? "" : "/resync"));
    ReflectorOptions options = ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick())
            .withWatchList(watchList).withResync(resync);
    informing.informer = new SharedInformer(informing.name, new ResourceListerWatcher(config, collection(namespace)), options,
            Map.of(Indexers.NAMESPACE, Indexers.byNamespace(), "app", Indexers.byLabel("app")));
    informing.informer.addListener(informing).addEventHandler(informing).start();
    if (!informing.informer.waitForSync(Duration.ofSeconds(30))) {
        throw new IllegalStateException("the informer did not sync within 30 s");
    }
    return informing;
}

Informing informer(String namespace) throws InterruptedException {
    return informer(namespace, false, Duration.ZERO);
}

/** Every line of a raw streaming list of namespace's ConfigMaps that ends after timeoutSeconds, printed as it comes. */
List<String> watchList(String namespace, String resourceVersion, int timeoutSeconds) throws Exception {
    String path = collection(namespace) + "?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan"
            + "&allowWatchBookmarks=true&resourceVersion=" + resourceVersion + "&timeoutSeconds=" + timeoutSeconds;
    System.out.println("  $ curl -sN \"" + server.url() + path + "\"");
    HttpResponse<java.io.InputStream> response = http.send(HttpRequest.newBuilder(server.url().resolve(path)).build(),
            HttpResponse.BodyHandlers.ofInputStream());
    List<String> lines = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lines.add(line);
            System.out.println("  " + line);
        }
    }
    return lines;
}

// ---- The self-check (only when rvlab.jshell.check is true) -------------------------------------

boolean checked(boolean holds, String claim) {
    System.out.println((holds ? "  \u2714 " : "  \u2718 FAILED: ") + claim);
    return holds;
}

boolean await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!condition.getAsBoolean()) {
        if (System.nanoTime() > deadline) {
            return false;
        }
        Thread.sleep(20);
    }
    return true;
}

int selfCheck() {
    List<Informing> started = new ArrayList<>();
    try {
        boolean ok = true;
        namespace("jshell");
        create("jshell", "a", "web");
        create("jshell", "b", "web");
        create("jshell", "c", "db");

        Informing inf = informer("jshell");
        started.add(inf);
        ok &= checked(inf.keys().equals(List.of("jshell/a", "jshell/b", "jshell/c")),
                "after sync the store holds the three ConfigMaps: " + inf.keys());
        await(() -> inf.steps.size() >= 2); // the watch opens right after the list
        ok &= checked(inf.steps.size() >= 2 && inf.steps.get(0).startsWith("LIST resourceVersion=\"0\" ->")
                        && inf.steps.get(1).startsWith("WATCH resourceVersion=\"" + inf.steps.get(0).replaceAll(".* at rv (\\d+);.*", "$1") + "\""),
                "the first LIST is at \"0\", the WATCH from the list's resourceVersion: "
                        + inf.steps.subList(0, Math.min(2, inf.steps.size())));
        ok &= checked(await(() -> inf.calls.size() >= 3) && inf.calls.stream().allMatch(c -> c.endsWith("(in the initial list)")),
                "each handler got onAdd(..., isInInitialList=true) for the listed objects: " + inf.calls);

        inf.calls.clear();
        String updated = update("jshell", "a", "2");
        delete("jshell", "c");
        String created = create("jshell", "d", "web");
        ok &= checked(await(() -> inf.calls.size() >= 3 && inf.lastSync().equals(created))
                        && inf.calls.get(0).startsWith("onUpdate jshell/a") && inf.calls.get(0).endsWith("-> " + updated)
                        && inf.calls.get(1).equals("onDelete jshell/c") && inf.calls.get(2).startsWith("onAdd jshell/d rv " + created)
                        && !inf.calls.get(2).contains("initial"),
                "a watch event each: onUpdate, onDelete, onAdd; lastSync follows to " + created + ": " + inf.calls);
        ok &= checked(inf.app("web").equals(List.of("jshell/a", "jshell/b", "jshell/d")) && inf.app("db").isEmpty()
                        && inf.lists() == 1,
                "the app index: web " + inf.app("web") + ", db " + inf.app("db") + "; still one LIST");

        long before = revision();
        List<String> stream = watchList("jshell", "", 1);
        List<String> types = stream.stream().map(l -> json(l).path("type").asText()).toList();
        JsonNode last = stream.size() < 4 ? json("{}") : json(stream.get(3));
        ok &= checked(types.size() >= 4 && types.subList(0, 4).equals(List.of("ADDED", "ADDED", "ADDED", "BOOKMARK"))
                        && "true".equals(last.path("object").path("metadata").path("annotations").path("k8s.io/initial-events-end").asText())
                        && Long.parseLong(rv(last.path("object"))) >= before,
                "a streaming list from \"\": three ADDED, then a BOOKMARK annotated k8s.io/initial-events-end at rv >= "
                        + before + " (etcd's revision before the request): " + types);

        Informing streaming = informer("jshell", true, Duration.ZERO);
        started.add(streaming);
        ok &= checked(await(() -> streaming.keys().equals(inf.keys()) && streaming.lists() == 0 // the reflector tells its
                        && List.copyOf(streaming.steps).stream().anyMatch(s -> s.startsWith("initial events ended"))), // listener after the sync
                "an informer with a streaming list syncs the same store with no LIST at all: " + streaming.keys());

        Informing resyncing = informer("jshell", false, Duration.ofMillis(300));
        started.add(resyncing);
        resyncing.calls.clear();
        ok &= checked(await(() -> resyncing.calls.stream().filter(c -> c.endsWith("(same version: a resync)")).count() >= 3)
                        && resyncing.lists() == 1,
                "resync every 300 ms: onUpdate with the same version for each object, and still one LIST");

        System.out.println(ok ? "jshell self-check passed" : "jshell self-check FAILED");
        return ok ? 0 : 1;
    } catch (Exception e) {
        System.out.println("jshell self-check FAILED: " + e);
        return 1;
    } finally {
        started.forEach(i -> { i.quiet = true; i.close(); });
    }
}

// In a check run (./course test) the launcher loads one more file after this one, which ends jshell with
// "/exit checkExitCode": jshell itself exits 0 even when a snippet throws, hence the explicit code.
int checkExitCode = Boolean.getBoolean("rvlab.jshell.check") ? selfCheck() : 0;

if (!Boolean.getBoolean("rvlab.jshell.check")) {
    System.out.println("""

        Chapter 5 is loaded: etcd at %s and the API server (with streaming lists) at %s.
        Try:
          namespace("demo"); create("demo", "a", "web"); create("demo", "b", "db");
          var inf = informer("demo");               // watch its reflector list at "0", then watch
          update("demo", "a", "2"); label("demo", "b", "web"); delete("demo", "a");
          inf.keys(); inf.app("web"); inf.lastSync(); inf.lists();
          var wl = informer("demo", true, Duration.ZERO);          // a streaming list instead of the LIST
          var rs = informer("demo", false, Duration.ofSeconds(5)); // resync: onUpdate, same version, no LIST
          watchList("demo", "", 2);                 // the raw stream: ADDED..., the annotated BOOKMARK
          inf.close(); wl.close(); rs.close();
        A real cluster: new RestClient(RestConfig.fromDefaultKubeconfig()), and
          io.rvlab.ch05.controller.AnnotationController.start(thatClient, "default", "rvlab.io/annotate", "rvlab.io/annotated", "true", 2)
        Defined: server (a WatchListApiServer), api (a RestClient), client (a jetcd Client), informer, watchList,
        namespace, create, update, label, delete, revision. /exit leaves (and stops both).
        """.formatted(etcdHandle.endpoints(), server.url()));
}
