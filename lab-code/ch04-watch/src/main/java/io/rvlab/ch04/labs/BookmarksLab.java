package io.rvlab.ch04.labs;

import io.rvlab.ch01.Compactor;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.JetcdCalls;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Lab 4.4: two informers watch a quiet namespace, one with {@code allowWatchBookmarks=true}, one
 * without, while other namespaces (and other resources) are written. The first one's resume
 * point moves forward through BOOKMARK events, though it sees no change at all; the second one's
 * stays where its list left it. Once the watch cache's window has moved on (and etcd has been
 * compacted), both lose their connections: the first resumes from its bookmark, the second gets
 * 410 Expired and must relist.
 */
public final class BookmarksLab implements Lab {

    static final String QUIET = "lab-4-4";
    static final String BUSY = "lab-4-4-busy";
    static final String OTHER = "lab-4-4-other";
    static final int WINDOW = 5;
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Duration QUIET_TIME = Duration.ofSeconds(2);
    /** The course's etcd sends a progress notification every second; give it a few. */
    private static final Duration PROGRESS_WAIT = Duration.ofSeconds(5);

    private Narrator out;
    private LabServer api;

    @Override
    public String id() {
        return "4.4";
    }

    @Override
    public String title() {
        return "Bookmarks keep an idle watcher resumable";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        out = lab.out();
        String quiet = "/api/v1/namespaces/" + QUIET + "/configmaps";
        String busy = "/api/v1/namespaces/" + BUSY + "/configmaps";
        WatchCache.Options options = WatchCache.Options.DEFAULT.withCapacity(WINDOW)
                .withBookmarkFrequency(Duration.ofSeconds(1));
        try (LabServer server = new LabServer(lab, options)) {
            api = server;
            out.step("Start an API server that sends bookmarks every second, with a window of " + WINDOW
                    + " changes, and start clean");
            out.say("kube-apiserver sends a watcher that allows bookmarks one BOOKMARK a minute, and one 2 s before its");
            out.say("timeoutSeconds ends the watch (golden transcript e2: at 60.4 s without timeoutSeconds, at 18.05 s");
            out.say("with timeoutSeconds=20), and only if its watch cache has got further than the watcher. This server");
            out.say("does the same every second, so the lab takes seconds instead of minutes.");
            api.startClean(QUIET, BUSY, OTHER);
            api.createNamespaces(QUIET, BUSY);

            out.step("Two informers list the quiet namespace " + QUIET + ", and watch it from the list's resourceVersion");
            long listed = LabObjects.rv(api.api().get(quiet));
            out.say("Informer A allows bookmarks:");
            WatchConnection a = api.watch(quiet + "?watch=1&resourceVersion=" + listed + "&allowWatchBookmarks=true");
            out.say("Informer B does not:");
            WatchConnection b = api.watch(quiet + "?watch=1&resourceVersion=" + listed);
            long aAt = listed;
            long bAt = listed;

            out.step("ConfigMaps change in another namespace, " + BUSY + "; nothing changes in " + QUIET);
            api.api().create(busy, LabObjects.configMap("x", "x0"));
            api.api().patch(busy + "/x", "{\"data\":{\"k\":\"x1\"}}");
            long busyRv = LabObjects.rv(api.api().patch(busy + "/x", "{\"data\":{\"k\":\"x2\"}}"));
            StreamEvent bookmark = awaitBookmark(a, busyRv);
            out.say("A's stream (waiting for a bookmark at " + busyRv + "; one at an earlier resourceVersion may come first");
            out.say("if a tick fell between the writes):");
            out.show("%s", bookmark == null ? "(no bookmark)" : bookmark.line());
            out.check(bookmark != null && bookmark.line().equals("{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"ConfigMap\","
                            + "\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"" + busyRv
                            + "\",\"creationTimestamp\":null}}}"),
                    "A got a BOOKMARK: an empty ConfigMap with only metadata.resourceVersion " + busyRv
                            + " (and creationTimestamp null, as kube-apiserver 1.26 writes it)");
            aAt = bookmark == null ? aAt : bookmark.resourceVersion();
            out.check(aAt == busyRv, "A's resume point moved from " + listed + " to " + aAt
                    + ", the watch cache's latest change, though A saw none of the changes");
            out.check(b.next(QUIET_TIME) == null, "B got nothing: its resume point is still " + bAt);

            out.step("Another resource changes: the namespace " + OTHER + " is created; no ConfigMap changes at all");
            long otherRv = LabObjects.rv(api.api().create("/api/v1/namespaces", namespace(OTHER)));
            if (!api.awaitCache(otherRv, PROGRESS_WAIT)) {
                // An etcd of the learner's own, with etcd's default interval: the cache hears in ten minutes.
                out.say("This etcd sent no progress notification within " + PROGRESS_WAIT.toSeconds() + " s: it runs with");
                out.say("etcd's default interval of ten minutes (the course's etcd uses one second).");
                api.awaitCache(otherRv);
            }
            bookmark = awaitBookmark(a, otherRv);
            out.show("%s", bookmark == null ? "(no bookmark)" : bookmark.line());
            aAt = bookmark == null ? aAt : bookmark.resourceVersion();
            out.check(aAt == otherRv && api.configMaps().resourceVersion() == otherRv,
                    "A's bookmark says " + otherRv + ", a revision at which no ConfigMap changed: the ConfigMap cache's "
                            + "etcd watch (on /registry/configmaps/) had no event for it");
            out.say("The cache learned etcd's revision from a progress notification: on a watch opened with");
            out.say("progress_notify, etcd sends, while the watch has no events, an empty answer whose header revision");
            out.say("promises that every change up to it has been sent. It sends one every");
            out.say("--experimental-watch-progress-notify-interval: one second on the course's etcd, ten minutes by");
            out.say("default. With the default, kube-apiserver 1.26's bookmarks move mostly with its own resource's");
            out.say("changes, in any namespace (golden transcript e2 (E): a ConfigMap created in another namespace).");

            out.step("Time passes: etcd is compacted, and " + (WINDOW + 1) + " more changes push the window past "
                    + listed);
            long compactAt = api.quietEtcdRevision();
            out.etcdctl(Etcdctl.compact(compactAt));
            out.jetcd(JetcdCalls.compact(compactAt));
            new Compactor(lab.client()).compact(compactAt);
            long newest = 0;
            for (int i = 3; i < 3 + WINDOW + 1; i++) {
                newest = LabObjects.rv(api.quietApi().patch(busy + "/x", "{\"data\":{\"k\":\"x" + i + "\"}}"));
            }
            out.say(CurlLine.of("PATCH", busy + "/x", "application/merge-patch+json", "{\"data\":{\"k\":\"x3\"}}")
                    + "   (and so on, to x" + (2 + WINDOW + 1) + ")");
            out.show("resourceVersion %d", newest);
            bookmark = awaitBookmark(a, newest);
            out.show("%s", bookmark == null ? "(no bookmark)" : bookmark.line());
            aAt = bookmark == null ? aAt : bookmark.resourceVersion();
            long oldest = api.configMaps().oldestResumable();
            out.show("the watch cache can resume from %d on; etcd's history starts at %d", oldest, compactAt);
            out.check(aAt >= oldest && bAt < oldest, "A's resume point (" + aAt + ") is inside the window; B's ("
                    + bAt + ") is older than anything the cache still holds");

            out.step("Both connections drop, and both informers watch again from their resume points");
            a.close();
            b.close();
            out.say("(both connections dropped)");
            out.say("Informer A, from its last bookmark:");
            try (WatchConnection again = api.watch(quiet + "?watch=1&resourceVersion=" + aAt
                    + "&allowWatchBookmarks=true")) {
                out.check(again.status() == 200 && again.next(QUIET_TIME) == null,
                        "200 and no ERROR: the watch is simply on again");
                api.api().create(quiet, LabObjects.configMap("q", "q0"));
                String line = again.next(WAIT);
                StreamEvent added = line == null ? null : StreamEvent.parse(line);
                out.show("%s", added == null ? "(nothing)" : added.summary());
                out.check(added != null && added.type().equals("ADDED") && added.name().equals("q"),
                        "and the next change in " + QUIET + " reaches A: it resumed without a relist");
            }
            out.say("Informer B, from the list's resourceVersion it still holds:");
            try (WatchConnection again = api.watch(quiet + "?watch=1&resourceVersion=" + bAt)) {
                String line = again.next(WAIT);
                StreamEvent error = line == null ? null : StreamEvent.parse(line);
                out.show("%s", line);
                out.check(error != null && error.code() == 410 && error.message().startsWith(
                                "too old resource version: " + bAt + " ("),
                        "ERROR 410 Expired, \"" + (error == null ? "" : error.message()) + "\": B must relist");
            }
            long relisted = LabObjects.rv(api.api().get(quiet));
            out.check(relisted > aAt, "B's relist cost a full list of the namespace (from etcd); A needed none");
        }
        out.conclude("a watcher learns a newer resourceVersion only from events, and a quiet watcher gets none. "
                + "BOOKMARK events, an object carrying nothing but a resourceVersion, move its resume point forward "
                + "anyway: the watch cache knows how far it has got through its own resource's changes and through "
                + "etcd's progress notifications. When the window moves on, a bookmarked watcher resumes; one without "
                + "bookmarks gets 410 and relists everything.");
    }

    /**
     * Reads A's stream until a BOOKMARK at {@code atLeast} or later (earlier bookmarks are skipped);
     * null if none comes or anything other than a bookmark does.
     */
    private StreamEvent awaitBookmark(WatchConnection stream, long atLeast) throws InterruptedException {
        api.awaitCache(atLeast);
        List<StreamEvent> others = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            String line = stream.next(WAIT);
            if (line == null) {
                break;
            }
            StreamEvent event = StreamEvent.parse(line);
            if (!event.type().equals("BOOKMARK")) {
                others.add(event);
            } else if (event.resourceVersion() >= atLeast) {
                return others.isEmpty() ? event : null;
            }
        }
        return null;
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode namespace(String name) {
        com.fasterxml.jackson.databind.node.ObjectNode ns = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                .objectNode();
        ns.put("apiVersion", "v1").put("kind", "Namespace");
        ns.putObject("metadata").put("name", name);
        return ns;
    }
}
