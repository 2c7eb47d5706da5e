package io.rvlab.ch05.labs;

import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.Reflector;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.ReflectorBackoff;
import io.rvlab.ch05.cache.ThreadSafeIndexer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.labs.ReflectorLog.Kind;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.Map;

/**
 * Lab 5.1: a reflector's first minute, step by step, every request and resourceVersion printed: the
 * first LIST at "0", the store replaced at the list's resourceVersion, the WATCH from it (with
 * bookmarks and a timeout), each event moving lastSyncResourceVersion, a BOOKMARK moving it with no
 * object changed, and the server's timeout answered by a new WATCH from lastSync, with no LIST.
 */
public final class ListThenWatchLab implements Lab {

    static final String NS = "lab-5-1";
    static final String OTHER = "lab-5-1-other";
    /** Short watches, so the lab sees one end (client-go: 5 minutes). */
    static final Duration MIN_WATCH_TIMEOUT = Duration.ofSeconds(5);

    @Override
    public String id() {
        return "5.1";
    }

    @Override
    public String title() {
        return "List, then watch: a reflector step by step";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        String collection = "/api/v1/namespaces/" + NS + "/configmaps";
        try (LabCluster cluster = new LabCluster(lab,
                WatchCache.Options.DEFAULT.withBookmarkFrequency(Duration.ofMillis(500)))) {
            out.step("Start the chapter-5 API server over this etcd, and start clean");
            out.say("The commands below call the server's address $APISERVER (./course serve prints it).");
            out.say("Its watch cache sends a watcher a BOOKMARK every 0.5 s when it has got further (kube-apiserver: every minute).");
            cluster.startClean(NS, OTHER);
            cluster.createNamespaces(NS, OTHER);
            cluster.api().create(collection, LabObjects.configMap("a", "a1"));
            long b = LabObjects.rv(cluster.api().create(collection, LabObjects.configMap("b", "b1")));
            cluster.awaitCaches();

            out.step("Start a reflector on " + NS + "'s ConfigMaps: its first LIST is at resourceVersion \"0\"");
            out.say("new Reflector(\"configmaps\", new ResourceListerWatcher(config, \"" + collection + "\"), store,");
            out.say("    Options.CLIENT_GO.withMinWatchTimeout(" + MIN_WATCH_TIMEOUT.toSeconds() + " s), listener).start()");
            ReflectorLog log = new ReflectorLog(MIN_WATCH_TIMEOUT);
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            ReflectorOptions options = ReflectorOptions.CLIENT_GO.withMinWatchTimeout(MIN_WATCH_TIMEOUT)
                    .withBackoff(ReflectorBackoff.quick());
            try (Reflector reflector = new Reflector("configmaps",
                    log.around(new ResourceListerWatcher(cluster.config(), collection), collection), store, options, log)) {
                reflector.start();
                log.printUntil(out, "the first LIST", line -> line.is(Kind.REPLACED));
                String listed = reflector.lastSyncResourceVersion();
                out.check(log.all().get(0).text().contains("?resourceVersion=0&"),
                        "the first LIST asks resourceVersion \"0\": any state the server has, here from its watch cache");
                out.check(listed.equals(Long.toString(b)) && store.list().size() == 2,
                        "the store holds a and b, replaced at the list's resourceVersion " + listed
                                + ", which is now lastSyncResourceVersion");

                out.step("The WATCH starts from the list's resourceVersion, with bookmarks and a timeout");
                log.printUntil(out, "the first WATCH", line -> line.is(Kind.WATCH_ANSWER));
                out.check(lastWatch(log).contains("resourceVersion=" + listed + "&allowWatchBookmarks=true&timeoutSeconds="),
                        "WATCH from " + listed + ", allowWatchBookmarks=true, timeoutSeconds drawn from ["
                                + MIN_WATCH_TIMEOUT.toSeconds() + ", " + 2 * MIN_WATCH_TIMEOUT.toSeconds()
                                + ") (client-go: [300, 600))");

                out.step("Changes arrive as events; each moves lastSyncResourceVersion to its own resourceVersion");
                cluster.api().create(collection, LabObjects.configMap("c", "c1"));
                cluster.api().patch(collection + "/a", "{\"data\":{\"k\":\"a2\"}}");
                cluster.api().delete(collection + "/b");
                long deleted = cluster.etcdRevision(); // a delete answers with a Status: its revision is etcd's now
                log.printUntil(out, "the DELETED event", line -> line.is(Kind.EVENT)
                        && line.event().type() == WatchEvent.Type.DELETED);
                out.check(reflector.lastSyncResourceVersion().equals(Long.toString(deleted)),
                        "lastSyncResourceVersion is " + deleted + ", the delete's revision");
                String server = GoJsonText.objects(items(cluster.quietApi().get(collection)));
                out.say("store: " + GoJsonText.objects(store.list()));
                out.check(GoJsonText.objects(store.list()).equals(server), "the store equals a fresh list: " + server);

                out.step("A write in another namespace: no event here, but a BOOKMARK moves lastSyncResourceVersion");
                long other = LabObjects.rv(cluster.api().create("/api/v1/namespaces/" + OTHER + "/configmaps",
                        LabObjects.configMap("x", "x1")));
                log.printUntil(out, "the BOOKMARK", line -> line.is(Kind.EVENT)
                        && line.event().type() == WatchEvent.Type.BOOKMARK);
                out.check(reflector.lastSyncResourceVersion().equals(Long.toString(other)),
                        "lastSyncResourceVersion moved from " + deleted + " to " + other
                                + " with no object changed: a resume from there skips nothing of this namespace");
                out.check(GoJsonText.objects(store.list()).equals(server), "the store did not change");

                out.step("The server ends the watch at its timeoutSeconds: the reflector watches again, without a LIST");
                log.printUntil(out, "the end of the watch", line -> line.is(Kind.WATCH_ENDED));
                log.printUntil(out, "the next WATCH", line -> line.is(Kind.WATCH_ANSWER));
                out.check(lastWatch(log).contains("?watch=1&resourceVersion=" + other + "&"),
                        "the new WATCH starts from lastSyncResourceVersion " + other);
                out.check(reflector.lists() == 1, "still one LIST in all: a watch that ends normally is resumed, not relisted");
            }
            log.discard();
        }
        out.conclude("a reflector lists once (at \"0\"), replaces its store at the list's resourceVersion, and from "
                + "then on only watches: every event and every bookmark moves lastSyncResourceVersion, and each new "
                + "watch starts there. A LIST again is for when the server can no longer resume it (lab 5.3).");
    }

    static String lastWatch(ReflectorLog log) {
        return log.all().stream().filter(line -> line.is(Kind.WATCH_SENT)).reduce((a, b) -> b).orElseThrow().text();
    }

    static java.util.List<com.fasterxml.jackson.databind.JsonNode> items(com.fasterxml.jackson.databind.JsonNode list) {
        java.util.List<com.fasterxml.jackson.databind.JsonNode> items = new java.util.ArrayList<>();
        list.path("items").forEach(items::add);
        return items;
    }
}
