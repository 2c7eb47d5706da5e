package io.rvlab.exercises.ch04;

import static io.rvlab.exercises.ch04.Received.line;
import static io.rvlab.exercises.ch04.Received.summary;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch04.watch.WatchEvent.Type;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 4.2 (resume a watch). The breaks are real: the test closes the jetcd
 * watch client your watch runs on, writes to etcd while no watch exists, and only then lets your
 * code connect again. Every event is checked by type, name and resourceVersion, in order.
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd // etcdRestarts restarts it
@Timeout(90)
@DisplayName("4.2 resume a watch")
class ResumingWatchTest {

    @Test
    @DisplayName("a watch from N delivers every change after N, in order, and nothing before")
    void watchesFromResourceVersion(Etcd etcd, Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        cms.put("a", "v1");
        long from = cms.put("b", "v1");
        Received received = new Received();
        try (Connections connections = new Connections(etcd);
                ResumingWatch ignored = new ResumingWatch(connections, cms.collection, Long.toString(from), received)) {
            long r1 = cms.put("a", "v2");
            long r2 = cms.delete("b");
            long r3 = cms.put("c", "v1");

            List<WatchEvent> events = received.awaitResourceVersion(r3);

            assertThat(summary(events))
                    .as("a watch from %d is exclusive (etcd start revision %d): the changes at or before %d were"
                            + " already seen", from, from + 1, from)
                    .containsExactly(line(Type.MODIFIED, "a", r1), line(Type.DELETED, "b", r2), line(Type.ADDED, "c", r3));
            assertThat(connections.attempts()).as("one connection, no break").isEqualTo(1);
        }
    }

    @Test
    @DisplayName("changes written while the watch is broken arrive after the resume, exactly once, in order")
    void resumesAfterBreak(Etcd etcd, Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        long from = cms.put("a", "v1");
        Received received = new Received();
        try (Connections connections = new Connections(etcd);
                ResumingWatch ignored = new ResumingWatch(connections, cms.collection, Long.toString(from), received)) {
            long r1 = cms.put("a", "v2");
            long r2 = cms.put("b", "v1");
            received.awaitResourceVersion(r2);

            connections.drop();
            connections.awaitAttempts(2, "the etcd watch ended (jetcd called onCompleted) and close() was not called,"
                    + " so a new watch must be started on a new connection");
            // Nobody is watching now: these changes are only in etcd's history.
            long r3 = cms.put("a", "v3");
            long r4 = cms.delete("b");
            long r5 = cms.put("c", "v1");
            connections.reconnect();
            long r6 = cms.put("a", "v4");

            List<WatchEvent> events = received.awaitResourceVersion(r6);

            assertThat(summary(events))
                    .as("every change exactly once, in revision order. The new watch must start at the last delivered"
                            + " resourceVersion + 1 (%d): from %d you would repeat MODIFIED a %d, from 'now' you would"
                            + " miss %d..%d", r2 + 1, r2, r2, r3, r5)
                    .containsExactly(
                            line(Type.MODIFIED, "a", r1),
                            line(Type.ADDED, "b", r2),
                            line(Type.MODIFIED, "a", r3),
                            line(Type.DELETED, "b", r4),
                            line(Type.ADDED, "c", r5),
                            line(Type.MODIFIED, "a", r6));
        }
    }

    @Test
    @DisplayName("breaks in a row, one of them with no change at all: still every change exactly once")
    void severalBreaks(Etcd etcd, Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        long from = cms.currentRevision();
        Received received = new Received();
        try (Connections connections = new Connections(etcd);
                ResumingWatch ignored = new ResumingWatch(connections, cms.collection, Long.toString(from), received)) {
            long r1 = cms.put("a", "1");
            received.awaitResourceVersion(r1);

            connections.drop(); // nothing happens during this break
            connections.awaitAttempts(2, "after the first break");
            connections.reconnect();

            long r2 = cms.put("a", "2");
            received.awaitResourceVersion(r2);

            connections.drop();
            connections.awaitAttempts(3, "after the second break");
            long r3 = cms.put("a", "3");
            long r4 = cms.elsewhere(); // another collection: not an event of this watch
            long r5 = cms.put("a", "5");
            connections.reconnect();
            received.awaitResourceVersion(r5);

            connections.drop();
            connections.awaitAttempts(4, "after the third break");
            long r6 = cms.put("a", "6");
            connections.reconnect();

            List<WatchEvent> events = received.awaitResourceVersion(r6);

            assertThat(r4).isBetween(r3, r5);
            assertThat(summary(events))
                    .as("four changes, each once, in order; a resume from the last resourceVersion itself (not + 1)"
                            + " would repeat it after the quiet break")
                    .containsExactly(
                            line(Type.ADDED, "a", r1),
                            line(Type.MODIFIED, "a", r2),
                            line(Type.MODIFIED, "a", r3),
                            line(Type.MODIFIED, "a", r5),
                            line(Type.MODIFIED, "a", r6));
        }
    }

    @Test
    @DisplayName("changes made together in one etcd transaction share a revision: each of them arrives, once, also across a break")
    void oneTransactionSeveralChanges(Etcd etcd, Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        long from = cms.currentRevision();
        Received received = new Received();
        try (Connections connections = new Connections(etcd);
                ResumingWatch ignored = new ResumingWatch(connections, cms.collection, Long.toString(from), received)) {
            long together = cms.putTogether("1", "x", "y"); // one transaction: one revision for both
            received.awaitResourceVersion(together);

            connections.drop();
            connections.awaitAttempts(2, "the etcd watch ended (jetcd called onCompleted) and close() was not called");
            long again = cms.putTogether("2", "x", "y");
            connections.reconnect();
            long after = cms.put("z", "1");

            List<WatchEvent> events = received.awaitResourceVersion(after);

            assertThat(summary(events))
                    .as("two ConfigMaps written in one transaction at %d, again in one at %d during a break, then one at"
                            + " %d: a revision is not one change, so having handed on one event of revision %d does not"
                            + " mean the next one of that revision was seen; and none may come twice", together, again,
                            after, together)
                    .containsExactly(
                            line(Type.ADDED, "x", together),
                            line(Type.ADDED, "y", together),
                            line(Type.MODIFIED, "x", again),
                            line(Type.MODIFIED, "y", again),
                            line(Type.ADDED, "z", after));
        }
    }

    @Test
    @DisplayName("etcd restarts: the watch goes on, nothing lost or repeated, and once closed no etcd watch stays open")
    void etcdRestarts(Etcd etcd, Client client) throws Exception {
        assumeTrue(etcd.canRestart(), "this etcd is not the course's container: it cannot be restarted");
        ConfigMaps cms = new ConfigMaps(client);
        long from = cms.currentRevision();
        Received received = new Received();
        try (Connections connections = new Connections(etcd)) {
            ResumingWatch watch = new ResumingWatch(connections, cms.collection, Long.toString(from), received);
            long r1 = cms.put("a", "1");
            received.awaitResourceVersion(r1);

            etcd.restart(); // jetcd reports the lost connection to the watch's onError, then would resume by itself
            long r2 = cms.put("a", "2");
            long r3 = cms.put("b", "1");
            List<WatchEvent> events = received.awaitResourceVersion(r3);
            watch.close();

            assertThat(summary(events)).as("every change exactly once, in order, across etcd's restart")
                    .containsExactly(line(Type.ADDED, "a", r1), line(Type.MODIFIED, "a", r2), line(Type.ADDED, "b", r3));
            assertThat(connections.watchers()).as("the etcd watches your ResumingWatch started, after etcd's restart"
                    + " and close(): a watch that reported an error and was replaced must be closed too (or jetcd"
                    + " resumes it by itself and it stays open)").allMatch(Watch.Watcher::isClosed, "closed");
        }
    }

    @Test
    @DisplayName("after close() nothing is delivered and no new watch is started")
    void closeStopsForGood(Etcd etcd, Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        long from = cms.currentRevision();
        Received received = new Received();
        try (Connections connections = new Connections(etcd)) {
            ResumingWatch watch = new ResumingWatch(connections, cms.collection, Long.toString(from), received);
            long r1 = cms.put("a", "1");
            received.awaitResourceVersion(r1);

            watch.close();
            long r2 = cms.put("a", "2");
            // The change is there for anyone still watching; wait until a watch of our own sees it.
            try (EtcdEvents witness = new EtcdEvents(client, cms.collection.path(), r2, true)) {
                witness.next();
            }
            Thread.sleep(300); // a little more time for a late delivery, if there is one

            assertThat(summary(received.events())).as("nothing after close()").containsExactly(line(Type.ADDED, "a", r1));
            assertThat(connections.attempts()).as("close() is not a break: no new connection").isEqualTo(1);
            assertThat(connections.watchers()).as("the etcd watches your ResumingWatch started: after close() none may"
                    + " stay open on etcd (an open watch costs etcd a watcher and the client a stream until it is closed)")
                    .isNotEmpty().allMatch(Watch.Watcher::isClosed, "closed");
        }
    }

    @Test
    @DisplayName("history compacted while the watch was broken: one ERROR with a 410 Expired Status, then nothing, no new watch")
    void compactedWhileBroken(Etcd etcd, Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        long from = cms.put("a", "v1");
        Received received = new Received();
        try (Connections connections = new Connections(etcd, 20);
                ResumingWatch ignored = new ResumingWatch(connections, cms.collection, Long.toString(from), received)) {
            long r1 = cms.put("a", "v2");
            received.awaitResourceVersion(r1);

            connections.drop();
            connections.awaitAttempts(2, "the etcd watch ended (jetcd called onCompleted) and close() was not called,"
                    + " so a new watch must be started on a new connection");
            long r2 = cms.put("a", "v3");
            long r3 = cms.put("b", "v1");
            cms.compact(r3); // the changes at r2..r3 are gone from etcd's history: a watch from r2 is refused
            connections.reconnect();
            try {
                received.await(2);
            } catch (AssertionError notYet) {
                // judged below, from what your handler heard
            }
            Thread.sleep(1_000); // time enough for a retry, if there is one
            long r4 = cms.put("c", "v1");
            try (EtcdEvents witness = new EtcdEvents(client, cms.collection.path(), r4, true)) {
                witness.next();
            }
            Thread.sleep(300);
            List<WatchEvent> events = received.events();
            List<String> got = summary(events);

            assertThat(got).as("a's change at %d was delivered; then, while the watch was broken, %d and %d were written"
                    + " and etcd compacted its history up to %d; after the reconnection your handler heard %s (see"
                    + " ./course hint 4.2)", r1, r2, r3, r3, got).hasSize(2);
            assertThat(events.get(1).type()).as("the second event your handler heard: %s", got).isEqualTo(Type.ERROR);
            ObjectNode status = events.get(1).object();
            assertThat(List.of(status.path("kind").asText(), status.path("status").asText(), status.path("reason").asText(),
                    status.path("code").asText()))
                    .as("kind, status, reason and code of your ERROR's object %s (see ./course hint 4.2)", status)
                    .containsExactly("Status", "Failure", "Expired", "410");
            assertThat(connections.attempts()).as("connections your ResumingWatch asked for, the last after the"
                    + " compaction (see ./course hint 4.2)").isEqualTo(2);
        }
    }
}
