package io.rvlab.exercises.ch04;

import static io.rvlab.exercises.ch04.Received.line;
import static io.rvlab.exercises.ch04.Received.summary;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.GroupResource;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StorageErrors;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.storage.ListOptions;
import io.rvlab.ch02.storage.ResourceVersionMatch;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch04.watch.WatchEvent.Type;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 4.3 (bookmarks, initial events and the last synced resourceVersion).
 * The events are real: a Kubernetes watch stream made from etcd ({@link KubeWatchStream}) over
 * ConfigMaps the test writes; its bookmarks are etcd progress notifications; its ERROR comes from
 * a real compaction, so the class has an etcd of its own. The LISTs are chapter 2's, read from the
 * same etcd ({@link EtcdStorage}): a refused one is refused by etcd itself (a compacted revision, or
 * one etcd has not reached) and answered with the Status kube-apiserver sends for it.
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd
@Timeout(60)
@DisplayName("4.3 bookmarks and the last synced resourceVersion")
class ResourceVersionTrackerTest {

    @Test
    @DisplayName("from a specific resourceVersion, every event reaches the handler and is progress")
    void everyEventIsProgress(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        String from = Long.toString(cms.currentRevision());
        Received handler = new Received();
        ResourceVersionTracker tracker = new ResourceVersionTracker(from, handler);
        assertThat(tracker.lastSyncResourceVersion()).as("before any event: where the watch started").isEqualTo(from);

        try (KubeWatchStream stream = new KubeWatchStream(client, cms, from, false)) {
            long r1 = cms.put("a", "1");
            long r2 = cms.put("a", "2");
            long r3 = cms.delete("a");
            long r4 = cms.put("b", "1");
            for (long expected : new long[] {r1, r2, r3, r4}) {
                WatchEvent event = stream.next();
                tracker.onEvent(event);
                assertThat(tracker.lastSyncResourceVersion())
                        .as("after %s: events come in resourceVersion order, so this one is progress", line(event))
                        .isEqualTo(Long.toString(expected));
            }
            assertThat(summary(handler.events())).as("every event is handed on, in order").containsExactly(
                    line(Type.ADDED, "a", r1), line(Type.MODIFIED, "a", r2), line(Type.DELETED, "a", r3),
                    line(Type.ADDED, "b", r4));
        }
    }

    @Test
    @DisplayName("a BOOKMARK moves lastSyncResourceVersion, also past the last event, and never reaches the handler")
    void bookmarkIsProgressOnly(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        String from = Long.toString(cms.currentRevision());
        Received handler = new Received();
        ResourceVersionTracker tracker = new ResourceVersionTracker(from, handler);

        try (KubeWatchStream stream = new KubeWatchStream(client, cms, from, false)) {
            long r1 = cms.put("a", "1");
            tracker.onEvent(stream.next());
            cms.elsewhere(); // writes to another collection move etcd's revision, not this watch
            long other = cms.elsewhere();
            WatchEvent bookmark = stream.bookmark();
            assertThat(Long.parseLong(bookmark.resourceVersion())).as("test setup: the bookmark is at etcd's revision")
                    .isGreaterThanOrEqualTo(other);

            tracker.onEvent(bookmark);

            assertThat(summary(handler.events())).as("a BOOKMARK carries no object to handle: not handed on")
                    .containsExactly(line(Type.ADDED, "a", r1));
            assertThat(tracker.lastSyncResourceVersion())
                    .as("the bookmark says everything up to %s was sent, although the last event was at %d; a resume"
                            + " from there skips the other collections' history", bookmark.resourceVersion(), r1)
                    .isEqualTo(bookmark.resourceVersion());

            long r2 = cms.put("a", "2");
            tracker.onEvent(stream.next());
            assertThat(tracker.lastSyncResourceVersion()).as("events after the bookmark are progress as before")
                    .isEqualTo(Long.toString(r2));
        }
    }

    @Test
    @DisplayName("from \"0\": initial ADDED events are handed on but are not progress until a non-ADDED event")
    void initialEventsAreNotProgress(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        long b1 = cms.put("b", "1");
        long a1 = cms.put("a", "1");
        long c1 = cms.put("c", "1");
        long b2 = cms.put("b", "2");
        Received handler = new Received();
        ResourceVersionTracker tracker = new ResourceVersionTracker("0", handler);

        try (KubeWatchStream stream = new KubeWatchStream(client, cms, "0", false)) {
            for (int i = 0; i < 3; i++) {
                WatchEvent event = stream.next();
                tracker.onEvent(event);
                assertThat(tracker.lastSyncResourceVersion())
                        .as("after the initial %s (%d of 3): the initial events come in key order, not resourceVersion"
                                + " order, and the objects not yet sent are older or newer; a resume must start over"
                                + " from \"0\"", line(event), i + 1)
                        .isEqualTo("0");
            }
            assertThat(summary(handler.events())).as("the initial events do reach the handler: they are the state")
                    .containsExactly(line(Type.ADDED, "a", a1), line(Type.ADDED, "b", b2), line(Type.ADDED, "c", c1));
            assertThat(b1).isLessThan(a1);

            long d1 = cms.put("d", "1");
            tracker.onEvent(stream.next());
            assertThat(tracker.lastSyncResourceVersion())
                    .as("ADDED %d right after the initial batch cannot be told apart from it: still not progress", d1)
                    .isEqualTo("0");

            long a2 = cms.put("a", "2");
            tracker.onEvent(stream.next());
            assertThat(tracker.lastSyncResourceVersion())
                    .as("MODIFIED a %d is a real change, so the initial batch is over: progress", a2)
                    .isEqualTo(Long.toString(a2));

            long e1 = cms.put("e", "1");
            tracker.onEvent(stream.next());
            assertThat(tracker.lastSyncResourceVersion()).as("after the initial batch, ADDED %d counts like any event", e1)
                    .isEqualTo(Long.toString(e1));
            assertThat(summary(handler.events())).hasSize(6);
        }
    }

    @Test
    @DisplayName("unset (\"\") is like \"0\"; the initial batch ends at a BOOKMARK (k8s.io/initial-events-end)")
    void initialEventsEndBookmark(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        long b1 = cms.put("b", "1");
        long a1 = cms.put("a", "1");
        long listed = cms.currentRevision();
        Received handler = new Received();
        ResourceVersionTracker tracker = new ResourceVersionTracker("", handler);

        try (KubeWatchStream stream = new KubeWatchStream(client, cms, "", true)) {
            tracker.onEvent(stream.next());
            tracker.onEvent(stream.next());
            assertThat(tracker.lastSyncResourceVersion()).as("during the initial batch of a watch from \"\": still \"\"")
                    .isEqualTo("");

            WatchEvent end = stream.next();
            assertThat(end.type()).as("test setup").isEqualTo(Type.BOOKMARK);
            tracker.onEvent(end);

            assertThat(tracker.lastSyncResourceVersion())
                    .as("the bookmark ends the initial batch: everything up to the list's revision %d was sent", listed)
                    .isEqualTo(Long.toString(listed));
            assertThat(summary(handler.events())).as("the two initial ADDED events, not the bookmark")
                    .containsExactly(line(Type.ADDED, "a", a1), line(Type.ADDED, "b", b1));

            long c1 = cms.put("c", "1");
            tracker.onEvent(stream.next());
            assertThat(tracker.lastSyncResourceVersion()).as("after the initial batch, ADDED %d is progress", c1)
                    .isEqualTo(Long.toString(c1));
        }
    }

    @Test
    @DisplayName("an ERROR (410 Expired from a real compaction) reaches the handler and is not progress")
    void errorIsNotProgress(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        long r1 = cms.put("a", "1");
        cms.put("a", "2");
        cms.compact(cms.put("a", "3"));
        Received handler = new Received();
        ResourceVersionTracker tracker = new ResourceVersionTracker(Long.toString(r1), handler);

        try (KubeWatchStream stream = new KubeWatchStream(client, cms, Long.toString(r1), false)) {
            WatchEvent error = stream.next();
            assertThat(error.type()).as("test setup: history after %d is compacted", r1).isEqualTo(Type.ERROR);

            tracker.onEvent(error);

            assertThat(handler.events()).as("the handler gets the ERROR: it decides to relist (exercise 4.4)")
                    .containsExactly(error);
            assertThat(error.object().path("code").asInt()).isEqualTo(410);
            assertThat(tracker.lastSyncResourceVersion()).as("an ERROR's Status has no resourceVersion: not progress")
                    .isEqualTo(Long.toString(r1));
        }
    }

    @Test
    @DisplayName("a reflector's first LIST asks for \"0\"; a LIST syncs its resourceVersion, and the watch from it has no initial batch")
    void theFirstListIsAtZero(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        cms.put("a", "1");
        Received handler = new Received();
        ResourceVersionTracker tracker = new ResourceVersionTracker("", handler);
        assertThat(tracker.relistResourceVersion())
                .as("nothing is synced yet, so nothing can go back in time: the first LIST takes any state the"
                        + " watch cache has (\"0\"), and a thousand clients starting at once do not each read etcd")
                .isEqualTo("0");

        String listed = list(client, cms, "0");
        tracker.onListed(listed);
        assertThat(tracker.lastSyncResourceVersion()).as("after a LIST answered at %s, the store is synced there", listed)
                .isEqualTo(listed);
        assertThat(tracker.relistResourceVersion())
                .as("a later LIST asks for a state not older than the store's, %s: \"0\" could take the store back in"
                        + " time on an API server whose cache is behind (kubernetes#83520), \"\" reads etcd every time", listed)
                .isEqualTo(listed);

        try (KubeWatchStream stream = new KubeWatchStream(client, cms, listed, false)) {
            long b1 = cms.put("b", "1");
            tracker.onEvent(stream.next());
            assertThat(tracker.lastSyncResourceVersion())
                    .as("the watch after a LIST starts at the list's resourceVersion %s, a specific one: no initial"
                            + " events, so ADDED b %d is progress", listed, b1)
                    .isEqualTo(Long.toString(b1));
            assertThat(tracker.relistResourceVersion()).as("progress moves the next LIST's resourceVersion too")
                    .isEqualTo(Long.toString(b1));
        }
    }

    @Test
    @DisplayName("a watch's 410 keeps the relist at the last synced resourceVersion: a LIST at N is 'not older than N'")
    void aWatch410RelistsNotOlderThanTheLastSync(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        long r1 = cms.put("a", "1");
        cms.put("a", "2");
        cms.compact(cms.put("a", "3"));
        ResourceVersionTracker tracker = new ResourceVersionTracker(Long.toString(r1), new Received());

        try (KubeWatchStream stream = new KubeWatchStream(client, cms, Long.toString(r1), false)) {
            WatchEvent error = stream.next();
            assertThat(error.type()).as("test setup: history after %d is compacted", r1).isEqualTo(Type.ERROR);
            tracker.onEvent(error);
        }
        assertThat(tracker.relistResourceVersion())
                .as("after a watch from %d ended in 410 Gone, the resourceVersion your tracker's next LIST asks for"
                        + " (see ./course hint 4.3)", r1)
                .isEqualTo(Long.toString(r1));
    }

    @Test
    @DisplayName("a LIST refused with 410 Expired makes the next LIST a quorum read (\"\"), until a LIST succeeds")
    void aListRefusedAsExpiredRelistsFromEtcd(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        long r1 = cms.put("a", "1");
        cms.put("a", "2");
        cms.compact(cms.put("a", "3"));
        ResourceVersionTracker tracker = new ResourceVersionTracker(Long.toString(r1), new Received());

        // A paged LIST at N reads exactly revision N (the legacy rule), which compaction removed.
        JsonNode refused = refusedList(client, cms, ListOptions.latest()
                .withResourceVersion(Long.toString(r1), ResourceVersionMatch.UNSET).withLimit(500));
        assertThat(refused.path("code").asInt()).as("test setup: %s", refused).isEqualTo(410);
        tracker.onListRefused(refused);

        assertThat(tracker.relistResourceVersion())
                .as("after a LIST at %d was refused 410 Expired, the resourceVersion your tracker's next LIST asks for"
                        + " (see ./course hint 4.3)", r1)
                .isEqualTo("");
        assertThat(tracker.lastSyncResourceVersion()).as("a refused LIST synced nothing: still %d", r1)
                .isEqualTo(Long.toString(r1));

        String listed = list(client, cms, "");
        tracker.onListed(listed);
        assertThat(tracker.relistResourceVersion())
                .as("after that refusal, a LIST at \"\" succeeded at %s; the resourceVersion your tracker's next LIST"
                        + " asks for (see ./course hint 4.3)", listed)
                .isEqualTo(listed);
    }

    @Test
    @DisplayName("a LIST refused as 504 'Too large resource version' (a server behind the client) makes the next LIST \"\" too")
    void aListRefusedAsTooLargeRelistsFromEtcd(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        cms.put("a", "1");
        // Synced on a server that was ahead (another API server; an etcd restored from a backup): this one is behind.
        String ahead = Long.toString(cms.currentRevision() + 1000);
        ResourceVersionTracker tracker = new ResourceVersionTracker(ahead, new Received());
        assertThat(tracker.relistResourceVersion()).as("synced at %s: a LIST not older than that", ahead).isEqualTo(ahead);

        JsonNode refused = refusedList(client, cms, ListOptions.latest()
                .withResourceVersion(ahead, ResourceVersionMatch.NOT_OLDER_THAN));
        assertThat(refused.path("code").asInt()).as("test setup: %s", refused).isEqualTo(504);
        tracker.onListRefused(refused);

        assertThat(tracker.relistResourceVersion())
                .as("after a LIST at %s was refused 504 Timeout with the cause ResourceVersionTooLarge, the"
                        + " resourceVersion your tracker's next LIST asks for (see ./course hint 4.3)", ahead)
                .isEqualTo("");
    }

    @Test
    @DisplayName("a LIST refused for another reason (429, a plain 504 timeout, 500) keeps the relist's resourceVersion")
    void otherRefusalsKeepTheResourceVersion(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        String synced = Long.toString(cms.put("a", "1"));
        ResourceVersionTracker tracker = new ResourceVersionTracker(synced, new Received());

        List<Status> passing = List.of(
                Status.failure(429, "TooManyRequests", "Too many requests, please try again later.", null),
                Status.failure(504, "Timeout", "Timeout: request did not complete within requested timeout", null),
                Status.internalError("etcdserver: leader changed"));
        for (Status status : passing) {
            tracker.onListRefused(status.toJson());
            assertThat(tracker.relistResourceVersion())
                    .as("synced at %s, after a LIST refused %d %s (%s): the resourceVersion your tracker's next LIST"
                            + " asks for (see ./course hint 4.3)", synced, status.code(), status.reason(), status.message())
                    .isEqualTo(synced);
        }
    }

    /** A LIST of the test's ConfigMaps the way chapter 2's API server reads etcd; its resourceVersion. */
    private static String list(Client client, ConfigMaps cms, String resourceVersion) {
        return new EtcdStorage(client).getList(cms.collection,
                ListOptions.latest().withResourceVersion(resourceVersion, ResourceVersionMatch.UNSET)).resourceVersion();
    }

    /** A LIST etcd refuses, and the Status kube-apiserver answers for it (its JSON, as a client reads it). */
    private static JsonNode refusedList(Client client, ConfigMaps cms, ListOptions options) {
        EtcdStorage storage = new EtcdStorage(client, new Versioner(), Duration.ofMillis(300));
        try {
            storage.getList(cms.collection, options);
        } catch (RuntimeException e) {
            Status status = StorageErrors.toStatus(e, new GroupResource("", "configmaps"), null);
            if (status != null) {
                return status.toJson();
            }
            throw e;
        }
        throw new AssertionError("test setup: etcd served the LIST " + options);
    }
}
