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
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Lab 5.4: the same {@value #OBJECTS} ConfigMaps synced twice: by a LIST then a WATCH (the state in
 * one big response), and by a streaming list, a single WATCH with sendInitialEvents=true (the state
 * as ADDED events, then a BOOKMARK annotated k8s.io/initial-events-end, then live events). The
 * requests, the events, the bookmark's resourceVersion, and the same store at the end.
 */
public final class WatchListVersusListLab implements Lab {

    static final String NS = "lab-5-4";
    static final int OBJECTS = 200;
    static final Duration MIN_WATCH_TIMEOUT = Duration.ofSeconds(60);

    @Override
    public String id() {
        return "5.4";
    }

    @Override
    public String title() {
        return "Watch-list versus list: the same state, streamed";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        String collection = "/api/v1/namespaces/" + NS + "/configmaps";
        try (LabCluster cluster = new LabCluster(lab, WatchCache.Options.DEFAULT)) {
            out.step("Start the API server, start clean, and create " + OBJECTS + " ConfigMaps");
            cluster.startClean(NS);
            cluster.createNamespaces(NS);
            long last = 0;
            for (int i = 0; i < OBJECTS; i++) {
                last = LabObjects.rv(cluster.quietApi().create(collection, LabObjects.configMap(String.format("cm-%03d", i),
                        "v" + i)));
            }
            out.say(CurlLine.of("POST", collection, "application/json",
                    "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-000\"},\"data\":{\"k\":\"v0\"}}")
                    + "   (and so on, to cm-" + (OBJECTS - 1) + ")");
            out.show("the last one at resourceVersion %d", last);
            cluster.awaitCaches();
            ReflectorOptions options = ReflectorOptions.CLIENT_GO.withMinWatchTimeout(MIN_WATCH_TIMEOUT)
                    .withBackoff(ReflectorBackoff.quick());

            out.step("Reflector A: LIST, then WATCH (client-go's default before 1.35)");
            ReflectorLog listLog = new ReflectorLog(MIN_WATCH_TIMEOUT);
            ThreadSafeIndexer listed = new ThreadSafeIndexer(Map.of());
            try (Reflector a = new Reflector("list-then-watch",
                    listLog.around(new ResourceListerWatcher(cluster.config(), collection), collection), listed, options,
                    listLog)) {
                a.start();
                listLog.printUntil(out, "the WATCH", line -> line.is(Kind.WATCH_ANSWER));
                out.check(a.lists() == 1 && count(listLog, Kind.LIST_SENT) == 1 && count(listLog, Kind.WATCH_SENT) == 1,
                        "two requests: one LIST, answered with all " + OBJECTS + " objects in one ConfigMapList, and one WATCH");
                out.check(count(listLog, Kind.EVENT) == 0 && listed.list().size() == OBJECTS,
                        "no event: the store got its " + OBJECTS + " objects from the list, at its resourceVersion "
                                + a.lastSyncResourceVersion());
            }
            listLog.discard();

            out.step("Reflector B: a streaming list (Options.withWatchList(true)), one WATCH with sendInitialEvents=true");
            out.say("(client-go's default from 1.35, feature WatchListClient.) resourceVersion=\"\" with");
            out.say("resourceVersionMatch=NotOlderThan asks for a state at least as new as etcd's at the time of the request.");
            ReflectorLog streamLog = new ReflectorLog(MIN_WATCH_TIMEOUT);
            streamLog.showEvents(3);
            ThreadSafeIndexer streamed = new ThreadSafeIndexer(Map.of());
            try (Reflector b = new Reflector("watch-list",
                    streamLog.around(new ResourceListerWatcher(cluster.config(), collection), collection), streamed,
                    options.withWatchList(true), streamLog)) {
                b.start();
                streamLog.printUntil(out, "the first events", line -> line.is(Kind.EVENT));
                streamLog.printUntil(out, "the initial-events-end bookmark", line -> line.is(Kind.EVENT)
                        && line.event().type() == WatchEvent.Type.BOOKMARK);
                streamLog.printUntil(out, "the store replaced", line -> line.is(Kind.INITIAL_EVENTS_END));
                List<ReflectorLog.Line> events = streamLog.all().stream().filter(line -> line.is(Kind.EVENT)).toList();
                long added = events.stream().filter(line -> line.event().type() == WatchEvent.Type.ADDED).count();
                WatchEvent bookmark = events.get(events.size() - 1).event();
                out.say("(above, the first 3 ADDED events; " + (added - 3) + " more came before the bookmark, not printed)");
                out.check(b.lists() == 0 && count(streamLog, Kind.LIST_SENT) == 0 && count(streamLog, Kind.WATCH_SENT) == 1,
                        "one request, a WATCH: no LIST at all");
                out.check(added == OBJECTS && events.size() == OBJECTS + 1,
                        OBJECTS + " ADDED events, one per object, then one BOOKMARK");
                out.check("true".equals(bookmark.object().path("metadata").path("annotations")
                                .path(Reflector.INITIAL_EVENTS_END).asText()) && bookmark.resourceVersion().equals(Long.toString(last)),
                        "the BOOKMARK carries the annotation k8s.io/initial-events-end: \"true\" and resourceVersion "
                                + last + ", the state the events added up to");
                out.check(b.lastSyncResourceVersion().equals(Long.toString(last)),
                        "the store was replaced at the bookmark's resourceVersion, " + last + ", and the SAME stream goes on "
                                + "as an ordinary watch");

                out.step("The two stores");
                String a = GoJsonText.objects(listed.list());
                String bStore = GoJsonText.objects(streamed.list());
                out.show("A: %d objects, first %s", listed.list().size(), a.substring(0, a.indexOf(", ")));
                out.show("B: %d objects, first %s", streamed.list().size(), bStore.substring(0, bStore.indexOf(", ")));
                out.check(a.equals(bStore), "the same " + OBJECTS + " objects at the same resourceVersions in both stores");
            }
            streamLog.discard();
        }
        out.conclude("a streaming list gives a reflector the same state as LIST+WATCH, in one request: the objects "
                + "come as ADDED events, one at a time (the server never builds one huge response, chapter 5's "
                + "benchmark measures what that saves), and the annotated BOOKMARK says where the state ends and "
                + "at which resourceVersion; the stream then simply goes on.");
    }

    private static long count(ReflectorLog log, Kind kind) {
        return log.all().stream().filter(line -> line.is(kind)).count();
    }
}
