package io.rvlab.ch04.labs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch04.client.ListWatch;
import io.rvlab.ch04.client.ResumingWatcher;
import io.rvlab.ch04.client.WatchHandler;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Lab 4.2: a client lists, watches, reads three events, and loses its connection. Writes go on
 * without it. It watches again from the last resourceVersion it saw and gets exactly the changes
 * it missed: none lost, none twice, the same as etcd's own history. Resuming from anywhere else
 * (the list's resourceVersion again, or no resourceVersion at all) repeats events or loses one.
 */
public final class ResumeAfterDropLab implements Lab {

    static final String NS = "lab-4-2";
    private static final Duration WAIT = Duration.ofSeconds(10);
    /** How long the lab waits to be sure no further event comes. */
    private static final Duration QUIET = Duration.ofSeconds(1);

    private Narrator out;

    @Override
    public String id() {
        return "4.2";
    }

    @Override
    public String title() {
        return "Resuming a watch after a dropped connection";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        out = lab.out();
        String collection = "/api/v1/namespaces/" + NS + "/configmaps";
        try (LabServer api = new LabServer(lab, WatchCache.Options.DEFAULT)) {
            out.step("Start the API server over this etcd, and start clean");
            out.say("The commands below call the server's address $APISERVER (./course serve prints it).");
            api.startClean(NS);
            api.createNamespaces(NS);

            out.step("List, then watch from the list's resourceVersion (what a client-go reflector does first)");
            long listed = LabObjects.rv(api.api().get(collection));
            List<StreamEvent> seen = new ArrayList<>();
            long last;
            try (WatchConnection first = api.watch(collection + "?watch=1&resourceVersion=" + listed)) {
                out.step("Create a, b and c; the watcher reads their three events");
                for (String name : List.of("a", "b", "c")) {
                    api.api().create(collection, LabObjects.configMap(name, name + "1"));
                }
                seen.addAll(read(first, 3));
                last = seen.isEmpty() ? 0 : seen.get(seen.size() - 1).resourceVersion();
                out.check(seen.size() == 3, "three events, ADDED a, b, c; the last resourceVersion the client saw is "
                        + last);

                out.step("The connection drops");
                out.say("The client closes its end, as a network failure, a server restart or the client's own restart");
                out.say("would. The server notices at its next write to the stream and forgets the watcher.");
                first.close();
            }

            out.step("Writes go on while nobody watches: update a, delete b, create d");
            api.api().patch(collection + "/a", "{\"data\":{\"k\":\"a2\"}}");
            api.api().delete(collection + "/b");
            ObjectNode d = api.api().create(collection, LabObjects.configMap("d", "d1"));
            api.awaitCache(LabObjects.rv(d));

            out.step("Watch again from the last resourceVersion seen, " + last);
            List<StreamEvent> resumed;
            try (WatchConnection again = api.watch(collection + "?watch=1&resourceVersion=" + last)) {
                resumed = read(again, 3);
                out.check(again.next(QUIET) == null, "nothing more comes: the stream is caught up");
            }
            out.check(resumed.stream().map(e -> e.type() + " " + e.name()).toList()
                            .equals(List.of("MODIFIED a", "DELETED b", "ADDED d")),
                    "exactly the three changes made while the client was away: MODIFIED a, DELETED b, ADDED d");
            out.check(resumed.stream().allMatch(e -> e.resourceVersion() > last),
                    "none of them twice: every resourceVersion is after " + last);

            out.step("Compare with etcd's own history of the namespace's ConfigMaps");
            String prefix = Keys.collection("configmaps", NS).path();
            out.etcdctl(Etcdctl.watchPrefix(prefix, listed + 1) + " --prev-kv -w json");
            List<String> fromEtcd;
            try (EtcdWatchRecorder history = new EtcdWatchRecorder(lab.client(), prefix, listed + 1)) {
                fromEtcd = history.await(6).stream().map(e -> kubernetesType(e) + " " + e.name() + "@" + e.modRevision())
                        .toList();
            }
            List<String> both = new ArrayList<>();
            seen.forEach(e -> both.add(e.type() + " " + e.name() + "@" + e.resourceVersion()));
            resumed.forEach(e -> both.add(e.type() + " " + e.name() + "@" + e.resourceVersion()));
            out.show("etcd:         %s", fromEtcd);
            out.show("the watcher:  %s", both);
            out.check(both.equals(fromEtcd), "the two watches together are etcd's history after " + listed
                    + ", change for change: no gap at the drop, no repeat");

            out.step("The wrong resume points: the list's resourceVersion again, or none at all");
            out.say("From the list's resourceVersion " + listed + ": the events of the first watch come again.");
            try (WatchConnection fromList = api.watch(collection + "?watch=1&resourceVersion=" + listed)) {
                List<StreamEvent> repeated = read(fromList, 6);
                long twice = repeated.stream().filter(e -> e.resourceVersion() <= last).count();
                out.check(repeated.size() == 6 && twice == 3, twice + " of the " + repeated.size()
                        + " events were seen before: a client that does not remember where it was sees them twice");
            }
            out.say("Without a resourceVersion: the current state as ADDED events, then only new changes.");
            try (WatchConnection fromNow = api.watch(collection + "?watch=1")) {
                List<StreamEvent> state = read(fromNow, 3);
                out.check(fromNow.next(QUIET) == null, "nothing more comes");
                out.check(state.stream().map(e -> e.type() + " " + e.name()).toList()
                                .equals(List.of("ADDED a", "ADDED c", "ADDED d")),
                        "ADDED a, c and d, and no word of b: a client that still held b would never learn it was deleted");
                out.check(state.get(0).data().equals(Map.of("k", "a2")),
                        "a comes as ADDED with k=a2: its update reaches the client only folded into the state, not as a change");
            }

            out.step("The course's client does this for you: ResumingWatcher");
            out.say("io.rvlab.ch04.client.ResumingWatcher keeps the resourceVersion of the last event it delivered and,");
            out.say("whenever a stream ends, watches again from there (on 410 it lists again instead: lab 4.3 shows why).");
            long from = LabObjects.rv(api.api().get(collection));
            // tag::resuming-watcher[]
            RecordingListerWatcher lister = new RecordingListerWatcher(new ListWatch(api.server().url(), collection));
            BlockingQueue<WatchEvent> delivered = new LinkedBlockingQueue<>();
            int[] replaced = {0};
            WatchHandler handler = new WatchHandler() {
                @Override
                public void onEvent(WatchEvent event) {
                    delivered.add(event);
                }

                @Override
                public void onReplace(List<ObjectNode> items, String resourceVersion) {
                    replaced[0]++;
                }
            };
            List<String> got = new ArrayList<>();
            try (ResumingWatcher watcher = new ResumingWatcher(lister, Long.toString(from), handler,
                    ResumingWatcher.Options.DEFAULT.withBookmarks(false)).start()) {
                // end::resuming-watcher[]
                api.api().patch(collection + "/a", "{\"data\":{\"k\":\"a3\"}}");
                got.addAll(take(delivered, 1));
                lister.dropConnection();
                out.say("(the lab cuts the client's connection, and writes on)");
                api.api().patch(collection + "/c", "{\"data\":{\"k\":\"c2\"}}");
                api.api().create(collection, LabObjects.configMap("e", "e1"));
                got.addAll(take(delivered, 2));
                out.check(delivered.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS) == null && replaced[0] == 0
                                && watcher.relists() == 0, "nothing more, and no relist");
            }
            out.say("The handler was given:");
            got.forEach(line -> out.show("%s", line));
            out.say("The client's requests, in order:");
            lister.requests().forEach(query -> out.say(CurlLine.of("GET", collection + "?" + query, null, null)
                    .replace("curl -s ", "curl -sN ")));
            List<String> requests = lister.requests();
            String secondFrom = got.isEmpty() ? "" : got.get(0).replaceAll(".*resourceVersion (\\d+).*", "$1");
            out.check(got.size() == 3 && got.get(0).startsWith("MODIFIED a ") && got.get(1).startsWith("MODIFIED c ")
                            && got.get(2).startsWith("ADDED    e "),
                    "the handler got each change once, in order: MODIFIED a, MODIFIED c, ADDED e");
            out.check(requests.size() == 2 && requests.get(0).contains("resourceVersion=" + from + "&")
                            && requests.get(1).contains("resourceVersion=" + secondFrom + "&"),
                    "two watch requests: from the list's " + from + ", then, after the cut, from " + secondFrom
                            + ", the last event it had delivered");
        }
        out.conclude("a watch is resumable because every event carries its resourceVersion. A client that remembers "
                + "the last one it saw, and watches again from it, gets exactly what it missed, however the "
                + "connection ended. Resuming from an older resourceVersion repeats events; starting without one gives "
                + "the current state and loses every delete in between. The course's ResumingWatcher does the "
                + "remembering, as client-go's watchers do.");
    }

    /** Reads {@code count} events (each within {@link #WAIT}) and prints each one's summary. */
    private List<StreamEvent> read(WatchConnection stream, int count) throws InterruptedException {
        List<StreamEvent> events = stream.next(count, WAIT).stream().map(StreamEvent::parse).toList();
        events.forEach(event -> out.show("%s", event.summary()));
        return events;
    }

    /** Takes {@code count} events the handler was given (each within {@link #WAIT}), as summary lines. */
    private static List<String> take(BlockingQueue<WatchEvent> delivered, int count) throws InterruptedException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            WatchEvent event = delivered.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            if (event == null) {
                break;
            }
            lines.add(String.format("%-8s %s  resourceVersion %s  data %s", event.type(),
                    event.object().path("metadata").path("name").asText(), event.resourceVersion(),
                    LabObjects.data(event.object())));
        }
        return lines;
    }

    private static String kubernetesType(EtcdWatchRecorder.Event event) {
        if (event.type().equals("DELETE")) {
            return "DELETED";
        }
        return event.createRevision() == event.modRevision() ? "ADDED" : "MODIFIED";
    }
}
