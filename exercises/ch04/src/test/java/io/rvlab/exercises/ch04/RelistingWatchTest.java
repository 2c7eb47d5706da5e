package io.rvlab.exercises.ch04;

import static io.rvlab.exercises.ch04.Received.line;
import static io.rvlab.exercises.ch04.Received.summary;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch04.watch.WatchEvent.Type;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 4.4 (recover from 410 Expired). The test lists ConfigMaps from etcd to
 * make the consumer's store, changes them, compacts etcd's history with jetcd, and only then starts
 * your watch from the list's resourceVersion. The class compacts, so it has an etcd of its own.
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd
@Timeout(60)
@DisplayName("4.4 recover from 410 Expired")
class RelistingWatchTest {

    @Test
    @DisplayName("a start still in history needs no relist: the watch replays what happened, DELETED at its own revision")
    void noCompactionNoRelist(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        cms.put("a", "1");
        cms.put("b", "1");
        Snapshot known = snapshot(cms);
        long r1 = cms.put("a", "2");
        long r2 = cms.delete("b");
        long r3 = cms.put("c", "1");
        Received received = new Received();

        try (RelistingWatch watch = new RelistingWatch(client, cms.collection, known.resourceVersion(), known.objects(),
                received)) {
            List<WatchEvent> events = received.awaitResourceVersion(r3);

            assertThat(summary(events)).as("history since %s is all there: every change, in order", known.resourceVersion())
                    .containsExactly(line(Type.MODIFIED, "a", r1), line(Type.DELETED, "b", r2), line(Type.ADDED, "c", r3));
            assertThat(resourceVersions(watch.store())).as("the store follows the events")
                    .isEqualTo(Map.of("a", Long.toString(r1), "c", Long.toString(r3)));
        }
    }

    @Test
    @DisplayName("410: relist at the latest revision and replace the store: DELETED for vanished objects, no ERROR")
    void compactedStartRelists(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        cms.put("a", "1");
        cms.put("b", "1");
        long same = cms.put("same", "1");
        Snapshot known = snapshot(cms);
        ObjectNode lastKnownB = known.objects().get("b").deepCopy();
        cms.put("a", "2");
        long a3 = cms.put("a", "3");
        cms.delete("b");
        cms.put("short-lived", "1");
        cms.delete("short-lived");
        long d1 = cms.put("d", "1");
        long listed = cms.currentRevision();
        cms.compact(listed);
        Received received = new Received();

        try (RelistingWatch watch = new RelistingWatch(client, cms.collection, known.resourceVersion(), known.objects(),
                received)) {
            List<WatchEvent> replaced = received.await(3);

            assertThat(summary(replaced))
                    .as("history after %s is compacted (410 Expired): the relist at %d finds a changed, b gone and d new."
                            + " The changes in between are lost for good: no event for short-lived (created and deleted"
                            + " meanwhile) and none for 'same' (unchanged); no ERROR either", known.resourceVersion(), listed)
                    .containsExactlyInAnyOrder(
                            line(Type.MODIFIED, "a", a3),
                            line(Type.DELETED, "b", Long.parseLong(lastKnownB.path("metadata").path("resourceVersion").asText())),
                            line(Type.ADDED, "d", d1));
            WatchEvent deleted = replaced.stream().filter(e -> e.type() == Type.DELETED).findFirst().orElseThrow();
            assertThat(deleted.object()).as("b's delete was compacted away: DELETED carries the last state the store knew")
                    .isEqualTo(lastKnownB);
            assertThat(resourceVersions(watch.store())).as("the store is replaced by the list")
                    .isEqualTo(Map.of("a", Long.toString(a3), "d", Long.toString(d1), "same", Long.toString(same)));

            long e1 = cms.put("e", "1");
            long a4 = cms.put("a", "4");
            long d2 = cms.delete("d");
            List<WatchEvent> events = received.awaitResourceVersion(d2);

            assertThat(summary(events.subList(3, events.size())))
                    .as("then the watch goes on from the list's revision %d: every later change once, in order", listed)
                    .containsExactly(line(Type.ADDED, "e", e1), line(Type.MODIFIED, "a", a4), line(Type.DELETED, "d", d2));
            assertThat(resourceVersions(watch.store()))
                    .isEqualTo(Map.of("a", Long.toString(a4), "e", Long.toString(e1), "same", Long.toString(same)));
        }
    }

    @Test
    @DisplayName("410: an object deleted and created again under its name during the gap is another object (another uid): DELETED, then ADDED")
    void recreatedDuringTheGap(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        cms.putJson("a", withUid(cms.json("a", "first life"), "uid-a-1"));
        cms.putJson("b", withUid(cms.json("b", "1"), "uid-b"));
        Snapshot known = snapshot(cms);
        ObjectNode firstLife = known.objects().get("a").deepCopy();
        long firstLifeRv = Long.parseLong(firstLife.path("metadata").path("resourceVersion").asText());
        cms.delete("a");
        long again = cms.putJson("a", withUid(cms.json("a", "second life"), "uid-a-2"));
        long b2 = cms.putJson("b", withUid(cms.json("b", "2"), "uid-b"));
        cms.compact(cms.currentRevision());
        Received received = new Received();

        try (RelistingWatch watch = new RelistingWatch(client, cms.collection, known.resourceVersion(), known.objects(),
                received)) {
            received.awaitResourceVersion(b2, "b changed at " + b2 + " during the gap (see ./course hint 4.4)");
            Thread.sleep(300); // the relist's other events, if any, come with it
            List<WatchEvent> events = received.events();
            List<String> got = summary(events);

            assertThat(got).as("a (uid-a-1) was deleted and created again as uid-a-2, b (uid-b) changed, all in history"
                    + " compacted away; your handler heard %s (see ./course hint 4.4)", got)
                    .containsExactlyInAnyOrder(line(Type.DELETED, "a", firstLifeRv), line(Type.ADDED, "a", again),
                            line(Type.MODIFIED, "b", b2));
            assertThat(got.indexOf(line(Type.DELETED, "a", firstLifeRv)))
                    .as("your handler heard %s: the order of the two events about a", got)
                    .isLessThan(got.indexOf(line(Type.ADDED, "a", again)));
            WatchEvent deleted = events.get(got.indexOf(line(Type.DELETED, "a", firstLifeRv)));
            assertThat(deleted.object()).as("the object of your DELETED for a").isEqualTo(firstLife);
            assertThat(watch.store().get("a").path("metadata").path("uid").asText()).as("a's uid in your store")
                    .isEqualTo("uid-a-2");
        }
    }

    @Test
    @DisplayName("a write that lands between the relist and the new watch is not lost")
    void writeDuringRelist(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        cms.put("a", "1");
        Snapshot known = snapshot(cms);
        long a2 = cms.put("a", "2");
        cms.compact(cms.elsewhere()); // history up to a's change is gone: 410, relist
        AtomicLong late = new AtomicLong();
        Received received = new Received();

        try (RelistingWatch ignored = new RelistingWatch(client, cms.collection, known.resourceVersion(), known.objects(),
                event -> {
                    if (late.get() == 0) {
                        // Written while your code hands on the relist's events, before it watches again.
                        late.set(cms.put("late", "1"));
                    }
                    received.accept(event);
                })) {
            received.await(1);
            List<WatchEvent> events = received.awaitResourceVersion(late.get(), "'late' was written while your code"
                    + " handed on the relist's events: the new watch must start from the list's revision (its"
                    + " header's), not from etcd's revision at the time the watch starts");

            assertThat(summary(events))
                    .as("the new watch must start from the list's revision (%d), not from whatever etcd's revision is"
                            + " when it starts: 'late' (%d) was written in between", a2, late.get())
                    .containsExactly(line(Type.MODIFIED, "a", a2), line(Type.ADDED, "late", late.get()));
        }
    }

    /** How long close() may take while the handler is busy with one event (it sleeps 100 ms per event). */
    private static final long CLOSE_WITHIN_MS = 3_000;

    @Test
    @DisplayName("close() while an event is being delivered returns promptly, and nothing reaches the handler after it")
    void closeDuringDelivery(Etcd etcd) throws Exception {
        // Three rounds: a lock held across the StorageWatch's close() is caught in the first one almost always.
        for (int round = 1; round <= 3; round++) {
            Client client = etcd.newClient(); // your watch's own client: left open if close() hangs
            ConfigMaps cms = new ConfigMaps(client);
            cms.put("a", "1");
            Snapshot known = snapshot(cms);
            cms.putTogether("1", "b", "c", "d", "e", "f"); // one revision: one watch response with five events
            List<WatchEvent> handed = new CopyOnWriteArrayList<>();
            CountDownLatch busy = new CountDownLatch(1);
            RelistingWatch watch = new RelistingWatch(client, cms.collection, known.resourceVersion(), known.objects(),
                    event -> {
                        handed.add(event);
                        busy.countDown();
                        sleep(100); // a handler that takes its time, as a real consumer's may
                    });
            assertThat(busy.await(30, TimeUnit.SECONDS))
                    .as("round %d: the five ConfigMaps created after resourceVersion %s should reach the handler;"
                            + " none came within 30 s", round, known.resourceVersion())
                    .isTrue();

            Thread closer = new Thread(watch::close, "test-closer");
            closer.setDaemon(true);
            long started = System.nanoTime();
            closer.start();
            closer.join(CLOSE_WITHIN_MS);
            if (closer.isAlive()) {
                fail("round " + round + ": close() did not return within " + CLOSE_WITHIN_MS + " ms while an event was"
                        + " being delivered: a lock held across close? (the StorageWatch delivers holding its own lock"
                        + " and then waits for yours; close() must not hold yours while it closes the StorageWatch)");
            }
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            int atClose = handed.size();
            Thread.sleep(300);
            assertThat(handed.size())
                    .as("round %d: close() returned after %d ms with %d events handed on; %d more reached the handler"
                            + " after it returned", round, tookMs, atClose, handed.size() - atClose)
                    .isEqualTo(atClose);
            client.close();
        }
    }

    @Test
    @DisplayName("close() after a relist ends the etcd watch it runs on: etcd serves no watcher of it any more")
    void closeEndsTheEtcdWatch(Client client, Etcd etcd) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        cms.put("a", "1");
        Snapshot known = snapshot(cms);
        long a2 = cms.put("a", "2");
        cms.compact(cms.currentRevision()); // 410: relist, then a second etcd watch from the list's revision
        long before = io.rvlab.support.etcd.Direct.watchers(etcd);
        Received received = new Received();

        RelistingWatch watch = new RelistingWatch(client, cms.collection, known.resourceVersion(), known.objects(), received);
        long b1;
        try {
            received.awaitResourceVersion(a2);
            b1 = cms.put("b", "1");
            received.awaitResourceVersion(b1); // the watch after the relist runs
        } finally {
            watch.close();
        }
        // etcd counts the watchers it serves; closing a jetcd watcher cancels it on etcd a moment later.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        long after = io.rvlab.support.etcd.Direct.watchers(etcd);
        while (after > before && System.nanoTime() < deadline) {
            Thread.sleep(100);
            after = io.rvlab.support.etcd.Direct.watchers(etcd);
        }
        assertThat(after)
                .as("etcd served %d watchers before your RelistingWatch started and still serves %d five seconds after"
                        + " close() returned: close() must end the etcd watch it is running on now (the one started after"
                        + " the relist, not only the first), or etcd keeps a watcher, and the client a stream, for the"
                        + " life of the process", before, after)
                .isLessThanOrEqualTo(before);
    }


    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** What a consumer had: a list of the collection, as kube-apiserver returns it (resourceVersion = mod_revision). */
    record Snapshot(String resourceVersion, Map<String, ObjectNode> objects) {
    }

    private static Snapshot snapshot(ConfigMaps cms) throws Exception {
        ConfigMaps.Listing listing = cms.list();
        Map<String, ObjectNode> objects = new TreeMap<>();
        for (KeyValue kv : listing.kvs()) {
            ObjectNode object = (ObjectNode) GoJson.read(kv.getValue().getBytes());
            object.withObjectProperty("metadata").put("resourceVersion", Long.toString(kv.getModRevision()));
            objects.put(object.path("metadata").path("name").asText(), object);
        }
        return new Snapshot(Long.toString(listing.revision()), objects);
    }

    private static String withUid(String json, String uid) throws Exception {
        ObjectNode object = (ObjectNode) GoJson.read(json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        object.withObjectProperty("metadata").put("uid", uid);
        return GoJson.compact(object);
    }

    private static Map<String, String> resourceVersions(Map<String, ObjectNode> store) {
        Map<String, String> rvs = new TreeMap<>();
        store.forEach((name, object) -> rvs.put(name, object.path("metadata").path("resourceVersion").asText()));
        return rvs;
    }
}
