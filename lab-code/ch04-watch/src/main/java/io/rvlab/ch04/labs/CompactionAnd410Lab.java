package io.rvlab.ch04.labs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch01.Compactor;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.JetcdCalls;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch03.labs.EtcdCall;
import io.rvlab.ch03.labs.SequenceDiagram;
import io.rvlab.ch03.labs.SequenceDiagram.Tone;
import io.rvlab.ch04.cache.UncachedWatches;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/**
 * Lab 4.3: the life of one client against an API server whose watch cache holds only 5 changes.
 * It lists, watches, loses its connection and resumes; loses it again while more changes happen
 * than the window holds and etcd is compacted; its resume then gets 200 and one ERROR event,
 * 410 Expired, and it relists and watches again. Then the two histories side by side: a watch
 * from a resourceVersion compacted in etcd but still in the window is served from the cache,
 * while the same start asked of etcd directly is cancelled with compact_revision, and an API
 * server without a watch cache turns that cancel into the same 410. The client's run is drawn as
 * list-watch-resume-relist.svg.
 */
public final class CompactionAnd410Lab implements Lab {

    static final String NS = "lab-4-3";
    static final String DIAGRAM = "list-watch-resume-relist.svg";
    static final int WINDOW = 5;
    private static final String CLIENT = "Client";
    private static final String SERVER = "API server";
    private static final String ETCD = "etcd";
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Duration QUIET = Duration.ofSeconds(1);

    private Narrator out;
    private LabServer api;
    private SequenceDiagram diagram;
    private String collection;

    @Override
    public String id() {
        return "4.3";
    }

    @Override
    public String title() {
        return "Too old: compaction, the watch cache's window, 410 Expired and the relist";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        out = lab.out();
        collection = "/api/v1/namespaces/" + NS + "/configmaps";
        String item = collection + "/settings";
        diagram = new SequenceDiagram("Lab 4.3: list, watch, disconnect, resume, 410 and relist",
                "Recorded from the lab's run on a fresh etcd: one client against an API server whose watch cache keeps "
                        + "the last " + WINDOW + " changes. Solid arrows are requests, dashed ones answers and events; "
                        + "etcd's arrows to the API server are the events its one etcd watch received (another client "
                        + "made the writes). The red arrow is the 410.",
                List.of(CLIENT, SERVER, ETCD));
        try (LabServer server = new LabServer(lab, WatchCache.Options.DEFAULT.withCapacity(WINDOW))) {
            api = server;
            out.step("Start an API server whose watch cache keeps only the last " + WINDOW + " changes, and start clean");
            out.say("(kube-apiserver keeps between 100 and 102,400 changes, enough for at least 75 seconds; " + WINDOW
                    + " makes the window easy to outrun.)");
            long cacheStart = api.configMaps().oldestResumable();
            diagram.note("The API server starts: it lists ConfigMaps from etcd and watches them, once for every client");
            diagram.message(SERVER, ETCD, "watch /registry/configmaps/ from " + (cacheStart + 1) + ", prev_kv, progress_notify",
                    Tone.REQUEST);
            api.startClean(NS);
            api.createNamespaces(NS);

            out.step("The client lists, and watches from the list's resourceVersion");
            diagram.note("LIST, then WATCH from the list's resourceVersion");
            long listed = list();
            WatchConnection stream = watch(listed);

            out.step("A writer creates settings and updates it; the client sees both");
            ObjectNode created = api.api().create(collection, LabObjects.configMap("settings", "v0"));
            long last = LabObjects.rv(created);
            etcdEvent("PUT settings, mod_revision " + last);
            last = events(stream, 1, last);
            long updated = LabObjects.rv(api.api().patch(item, "{\"data\":{\"k\":\"v1\"}}"));
            etcdEvent("PUT settings, mod_revision " + updated);
            last = events(stream, 1, last);
            out.check(last == updated, "the client has seen everything up to resourceVersion " + last);

            out.step("The connection drops; one more update meanwhile; the client resumes from " + last);
            diagram.note("The connection drops; one change while the client is away; it resumes from the last resourceVersion");
            drop(stream);
            long missed = LabObjects.rv(api.api().patch(item, "{\"data\":{\"k\":\"v2\"}}"));
            etcdEvent("PUT settings, mod_revision " + missed);
            api.awaitCache(missed);
            stream = watch(last);
            last = events(stream, 1, last);
            out.check(last == missed, "the missed update came from the watch cache's window: resourceVersion " + missed);

            out.step("Dropped again; " + (WINDOW + 1) + " updates while the client is away, and etcd is compacted");
            diagram.note("Dropped again: " + (WINDOW + 1) + " changes (more than the window holds), then etcd is compacted");
            drop(stream);
            long first = 0;
            long newest = 0;
            for (int i = 3; i < 3 + WINDOW + 1; i++) {
                newest = LabObjects.rv(api.quietApi().patch(item, "{\"data\":{\"k\":\"v" + i + "\"}}"));
                first = first == 0 ? newest : first;
            }
            out.say(CurlLine.of("PATCH", item, "application/merge-patch+json", "{\"data\":{\"k\":\"v3\"}}")
                    + "   (and so on, to v" + (2 + WINDOW + 1) + ")");
            out.show("resourceVersions %d to %d", first, newest);
            etcdEvent((WINDOW + 1) + " x PUT settings, mod_revision " + first + " to " + newest);
            api.awaitCache(newest);
            out.say("kube-apiserver compacts etcd itself, every 5 minutes by default; here the lab does it now:");
            out.etcdctl(Etcdctl.compact(newest));
            out.jetcd(JetcdCalls.compact(newest));
            new Compactor(lab.client()).compact(newest);
            long oldest = api.configMaps().oldestResumable();
            diagram.note("etcd compacted at revision " + newest + " (kube-apiserver compacts every 5 minutes); the window "
                    + "holds the changes after " + oldest);
            out.show("the watch cache now holds the changes after %d; etcd's history starts at %d", oldest, newest);
            out.check(oldest > last, "the window has moved past " + last + ", the last resourceVersion the client saw");

            out.step("The client resumes from " + last + ": 200, then one ERROR event, and the stream ends");
            stream = watch(last);
            String line = stream.next(WAIT);
            StreamEvent error = line == null ? null : StreamEvent.parse(line);
            out.show("%s", line);
            String expected = "too old resource version: " + last + " (" + oldest + ")";
            diagram.message(SERVER, CLIENT, "ERROR 410 Expired: " + expected, Tone.CONFLICT);
            out.check(stream.status() == 200 && error != null && error.type().equals("ERROR") && error.code() == 410
                            && "Expired".equals(error.object().path("reason").asText()) && error.message().equals(expected),
                    "HTTP 200, then an ERROR event: a Status 410 Expired, \"" + expected + "\" (the second number is the "
                            + "oldest resourceVersion the window can resume from)");
            out.check(stream.endsWithin(WAIT), "nothing after it: the server ended the stream");
            stream.close();
            out.say("The watch itself was accepted: a watch's errors after its start come as events, so the HTTP status is 200.");

            out.step("The client relists (GET the collection) and watches from the new list's resourceVersion");
            out.say("This is the client's duty on 410 (client-go's reflector does it): its cached state may have missed");
            out.say("changes it can no longer be told about, so it replaces that state with a fresh list.");
            diagram.note("Relist: LIST again, then WATCH from the new list's resourceVersion");
            long relisted = list();
            out.check(relisted == newest, "the new list is at resourceVersion " + relisted + ", and holds settings as it is now");
            stream = watch(relisted);
            long after = LabObjects.rv(api.api().patch(item, "{\"data\":{\"k\":\"v9\"}}"));
            etcdEvent("PUT settings, mod_revision " + after);
            long resumedTo = events(stream, 1, relisted);
            out.check(resumedTo == after, "the new watch delivers the next change, " + after + ": the client is whole again");
            stream.close();

            out.step("A resourceVersion compacted in etcd but still in the window: the cache serves it");
            long compactedRv = newest - 2;
            out.say("resourceVersion " + compactedRv + " is older than etcd's compaction (" + newest
                    + ") but newer than the window's oldest (" + api.configMaps().oldestResumable() + ").");
            try (WatchConnection fromWindow = api.watch(collection + "?watch=1&resourceVersion=" + compactedRv)) {
                List<StreamEvent> replay = fromWindow.next(3, WAIT).stream().map(StreamEvent::parse).toList();
                replay.forEach(event -> out.show("%s", event.summary()));
                out.check(fromWindow.next(QUIET) == null, "nothing more: caught up");
                out.check(replay.size() == 3 && replay.get(0).resourceVersion() == compactedRv + 1
                                && replay.get(2).resourceVersion() == after,
                        "the changes after " + compactedRv + " (" + (compactedRv + 1) + ", " + newest + ", " + after
                                + "), from the window: etcd is not asked, so its compaction does not matter "
                                + "(as golden transcript f1.7 shows kube-apiserver doing)");
            }

            out.step("The same start asked of etcd directly: etcd cancels the watch");
            String prefix = Keys.collection("configmaps", NS).path();
            out.etcdctl(Etcdctl.watchPrefix(prefix, compactedRv + 1));
            out.jetcd(JetcdCalls.watchPrefix(prefix, compactedRv + 1));
            try (EtcdWatchRecorder direct = new EtcdWatchRecorder(lab.client(), prefix, compactedRv + 1)) {
                OptionalLong compactRevision = direct.awaitCancel();
                out.show("cancelled: %s, compact_revision %s", direct.cancelMessage(),
                        compactRevision.isPresent() ? compactRevision.getAsLong() : "none");
                out.check(compactRevision.isPresent() && compactRevision.getAsLong() == newest
                                && direct.events().isEmpty(),
                        "etcd sent no event and cancelled the watch with compact_revision " + newest
                                + ": it starts at " + (compactedRv + 1) + ", history starts at " + newest);
            }
            out.say("From the compaction revision itself, history is whole again:");
            out.etcdctl(Etcdctl.watchPrefix(prefix, newest));
            try (EtcdWatchRecorder fromCompaction = new EtcdWatchRecorder(lab.client(), prefix, newest)) {
                List<EtcdWatchRecorder.Event> events = fromCompaction.await(2);
                events.forEach(event -> out.show("%s", event.describe()));
                out.say("(The first event has no prev_kv: the version before it, " + (newest - 1)
                        + ", went with the compaction.)");
                out.check(events.size() == 2 && events.get(0).modRevision() == newest
                                && events.get(1).modRevision() == after,
                        "etcd replays " + newest + " and " + after + ": a watch may start at the compaction revision");
            }

            out.step("The same start through an API server without a watch cache (kube-apiserver --watch-cache=false)");
            out.say("Each watch is then an etcd watch of its own, from resourceVersion + 1, and etcd's cancel comes back");
            out.say("as the same ERROR event, in kube-apiserver's words for it. (A second server over the same etcd;");
            out.say("$APISERVER is its address here.)");
            try (LabServer uncached = LabServer.withoutCache(lab);
                 WatchConnection fromEtcd = uncached.watch(collection + "?watch=1&resourceVersion=" + compactedRv)) {
                String sent = fromEtcd.next(WAIT);
                StreamEvent expired = sent == null ? null : StreamEvent.parse(sent);
                out.show("%s", sent);
                out.check(fromEtcd.status() == 200 && expired != null && expired.code() == 410
                                && "Expired".equals(expired.object().path("reason").asText())
                                && expired.message().equals(UncachedWatches.TOO_OLD) && fromEtcd.endsWithin(WAIT),
                        "200, then ERROR 410 Expired, \"" + UncachedWatches.TOO_OLD + "\", and the end of the stream");
            }
            out.say("Behind a watch cache, \"too old\" means older than the window; without one, older than etcd's");
            out.say("compaction. Either way the client gets 410 Expired and must relist.");

            Path file = lab.artifacts().resolve(DIAGRAM);
            diagram.write(file);
            out.check(Files.size(file) > 0, "the client's run drawn as " + DIAGRAM + " in the lab's artifacts ("
                    + diagram.messages() + " messages)");
        }
        out.conclude("a client can resume a watch only while the server still has every change after its "
                + "resourceVersion: behind a watch cache, while the window reaches back that far (etcd's compaction "
                + "does not matter then); without one, while etcd's history does. Past that the answer is 200 and an "
                + "ERROR event with 410 Expired, and the only way back is to list again and watch from the new list.");
    }

    /** LIST the collection (printed, and drawn with the server's etcd calls); returns the list's resourceVersion. */
    private long list() {
        diagram.message(CLIENT, SERVER, "LIST configmaps", Tone.REQUEST);
        ObjectNode list = api.api().get(collection);
        for (EtcdCall call : api.lastServerCalls()) {
            diagram.message(SERVER, ETCD, call.describe(k -> k), Tone.REQUEST);
            diagram.message(ETCD, SERVER, call.answer() + ", revision " + call.headerRevision(), Tone.REPLY);
        }
        long rv = LabObjects.rv(list);
        diagram.message(SERVER, CLIENT, "200 ConfigMapList, " + list.path("items").size() + " item(s), resourceVersion "
                + rv, Tone.OK);
        return rv;
    }

    private WatchConnection watch(long from) {
        diagram.message(CLIENT, SERVER, "WATCH ?resourceVersion=" + from, Tone.REQUEST);
        WatchConnection stream = api.watch(collection + "?watch=1&resourceVersion=" + from);
        out.show("%d, chunked", stream.status());
        diagram.message(SERVER, CLIENT, stream.status() + ", chunked", Tone.OK);
        return stream;
    }

    private void drop(WatchConnection stream) {
        stream.close();
        out.say("(the client drops the connection)");
        diagram.message(CLIENT, SERVER, "connection dropped", Tone.REPLY);
    }

    private void etcdEvent(String label) {
        diagram.message(ETCD, SERVER, label, Tone.REPLY);
    }

    /** Reads {@code count} events, prints and draws them; returns the last resourceVersion seen (or {@code last}). */
    private long events(WatchConnection stream, int count, long last) throws InterruptedException {
        for (String line : stream.next(count, WAIT)) {
            StreamEvent event = StreamEvent.parse(line);
            out.show("%s", event.summary());
            diagram.message(SERVER, CLIENT, event.type() + " " + event.name() + ", resourceVersion "
                    + event.resourceVersion(), Tone.OK);
            last = event.resourceVersion();
        }
        return last;
    }
}
