package io.rvlab.exercises.ch01;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.etcd.jetcd.Client;
import io.rvlab.exercises.ch01.WatchFrom.Change;
import io.rvlab.exercises.ch01.WatchFrom.Kind;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import io.rvlab.support.etcd.KeyPrefix;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 1.6 (watch a prefix from a revision). One test compacts etcd, so the
 * class runs on an etcd of its own ({@link FreshEtcd}).
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd
@Timeout(60)
@DisplayName("1.6 watch a prefix from a revision")
class WatchFromTest {


    @Test
    @DisplayName("called on an interrupted thread: throws IllegalStateException and leaves the thread interrupted")
    void interruptedCaller(Client client, KeyPrefix prefix) {
        long farAhead = new Direct(client).currentRevision() + 1000; // never reached: only the interrupt ends the wait
        io.rvlab.grader.InterruptedCaller.assertKeepsTheInterrupt("changesThrough",
                () -> WatchFrom.changesThrough(client, prefix.key(""), farAhead, farAhead, Duration.ofSeconds(10)));
    }

    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @Test
    @DisplayName("past changes are replayed in revision order: puts and deletes")
    void replaysThePast(Client client, KeyPrefix prefix) throws Exception {
        Direct etcd = new Direct(client);
        String a = prefix.key("a");
        String b = prefix.key("b");
        long r1 = etcd.put(a, "a1");
        long r2 = etcd.put(b, "b1");
        long r3 = etcd.put(a, "a2");
        long r4 = etcd.delete(b);

        List<Change> changes = WatchFrom.changesThrough(client, prefix.value(), r1, r4, PATIENCE);

        assertThat(changes)
                .as("the four changes under %s from revision %d to %d, oldest first (a DELETE has value \"\")",
                        prefix, r1, r4)
                .containsExactly(
                        new Change(Kind.PUT, a, "a1", r1),
                        new Change(Kind.PUT, b, "b1", r2),
                        new Change(Kind.PUT, a, "a2", r3),
                        new Change(Kind.DELETE, b, "", r4));
    }

    @Test
    @DisplayName("the start revision is inclusive, and nothing before it is replayed")
    void startsAtTheRevisionGiven(Client client, KeyPrefix prefix) throws Exception {
        Direct etcd = new Direct(client);
        String k = prefix.key("k");
        etcd.put(k, "v1");
        etcd.put(k, "v2");
        long r3 = etcd.put(k, "v3");
        long r4 = etcd.put(k, "v4");

        List<Change> changes = WatchFrom.changesThrough(client, prefix.value(), r3, r4, PATIENCE);

        assertThat(changes)
                .as("from revision %d to %d: the change at %d itself, then the next one; v1 and v2 came before",
                        r3, r4, r3)
                .containsExactly(new Change(Kind.PUT, k, "v3", r3), new Change(Kind.PUT, k, "v4", r4));
    }

    @Test
    @DisplayName("only keys under the prefix are watched")
    void onlyThePrefix(Client client, KeyPrefix prefix) throws Exception {
        Direct etcd = new Direct(client);
        String inside = prefix.key("inside");
        // Same characters as the prefix without its final '/': a sibling, not a key under the prefix.
        String sibling = prefix.value().substring(0, prefix.value().length() - 1) + "-sibling";
        long start = etcd.put(sibling, "not mine");
        long r1 = etcd.put(inside, "1");
        etcd.put(sibling, "still not mine");
        etcd.put("/rvlab-test/elsewhere" + prefix.value(), "somewhere else entirely");
        long r2 = etcd.put(inside, "2");

        List<Change> changes = WatchFrom.changesThrough(client, prefix.value(), start, r2, PATIENCE);

        assertThat(changes)
                .as("watch only keys starting with %s (use the prefix option); %s is not one of them", prefix, sibling)
                .containsExactly(new Change(Kind.PUT, inside, "1", r1), new Change(Kind.PUT, inside, "2", r2));
    }

    @Test
    @DisplayName("nothing after the target revision, even when etcd delivers it in the same response")
    void stopsAtTheTargetRevision(Client client, KeyPrefix prefix) throws Exception {
        Direct etcd = new Direct(client);
        String k = prefix.key("k");
        etcd.put(k, "v1");
        long r2 = etcd.put(k, "v2");
        long r3 = etcd.put(k, "v3");
        long r4 = etcd.put(k, "v4");
        etcd.put(k, "v5"); // already history when the watch starts: replayed along with the rest
        etcd.put(prefix.key("other"), "v6");

        List<Change> changes = WatchFrom.changesThrough(client, prefix.value(), r2, r4, PATIENCE);

        assertThat(changes)
                .as("changes from revision %d to %d inclusive; v5 and v6 came after %d and must not be returned,"
                        + " although etcd replays them together with the others", r2, r4, r4)
                .containsExactly(new Change(Kind.PUT, k, "v2", r2), new Change(Kind.PUT, k, "v3", r3),
                        new Change(Kind.PUT, k, "v4", r4));
    }

    @Test
    @DisplayName("a target revision made by a key outside the prefix: caught up once the watch passes it")
    void targetOutsideThePrefix(Client client, KeyPrefix prefix) throws Exception {
        Direct etcd = new Direct(client);
        String k = prefix.key("k");
        long r1 = etcd.put(k, "mine");
        long target = etcd.put("/rvlab-test/elsewhere" + prefix.value(), "someone else's write");
        long later = etcd.put(k, "after the target");

        List<Change> past = WatchFrom.changesThrough(client, prefix.value(), r1, target, PATIENCE);

        assertThat(past)
                .as("revision %d changed a key outside %s, so no change under the prefix has it; the change at %d"
                        + " shows the watch is past it: return the one change up to %d, without waiting for the"
                        + " timeout", target, prefix, later, target)
                .containsExactly(new Change(Kind.PUT, k, "mine", r1));

        // The same, live: the target is written outside the prefix while the watch runs.
        long liveStart = etcd.currentRevision() + 1;
        CompletableFuture<List<Change>> watching = CompletableFuture.supplyAsync(() -> {
            try {
                return WatchFrom.changesThrough(client, prefix.value(), liveStart, liveStart + 1, PATIENCE);
            } catch (TimeoutException e) {
                throw new AssertionError("timed out although the watch got past revision " + (liveStart + 1)
                        + ": " + e.getMessage(), e);
            }
        });
        long first = etcd.put(k, "live");
        long outside = etcd.put("/rvlab-test/elsewhere" + prefix.value(), "again");
        long after = etcd.put(k, "live, after the target");
        assertThat(List.of(first, outside, after)).as("test setup: nothing else writes to this etcd")
                .containsExactly(liveStart, liveStart + 1, liveStart + 2);

        assertThat(watching.get(30, TimeUnit.SECONDS))
                .as("live: revision %d was made outside the prefix; the change at %d shows the watch is past it",
                        outside, after)
                .containsExactly(new Change(Kind.PUT, k, "live", first));
    }

    @Test
    @DisplayName("changes written while the watch runs count too")
    void waitsForNewChanges(Client client, KeyPrefix prefix) throws Exception {
        Direct etcd = new Direct(client);
        String k = prefix.key("live");
        long r1 = etcd.put(k, "before");

        CompletableFuture<List<Change>> watching = CompletableFuture.supplyAsync(() -> {
            try {
                return WatchFrom.changesThrough(client, prefix.value(), r1, r1 + 2, PATIENCE);
            } catch (TimeoutException e) {
                throw new AssertionError("timed out waiting for revision " + (r1 + 2) + ": " + e.getMessage(), e);
            }
        });
        // Written after the call started (whether or not its watch is registered yet: a watch
        // from r1 sees them either way).
        long r2 = etcd.put(k, "during 1");
        long r3 = etcd.delete(k);
        assertThat(r3).as("test setup: nothing else writes to this etcd").isEqualTo(r1 + 2);

        List<Change> changes = watching.get(30, TimeUnit.SECONDS);
        assertThat(changes)
                .as("one change before the call and two during it")
                .containsExactly(
                        new Change(Kind.PUT, k, "before", r1),
                        new Change(Kind.PUT, k, "during 1", r2),
                        new Change(Kind.DELETE, k, "", r3));
    }

    @Test
    @DisplayName("too few changes: TimeoutException after the timeout, not a short list")
    void timesOut(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        long r1 = etcd.put(prefix.key("lonely"), "only change");
        Duration timeout = Duration.ofMillis(500);

        long started = System.nanoTime();
        Throwable thrown = catchThrowable(() -> WatchFrom.changesThrough(client, prefix.value(), r1, r1 + 1, timeout));
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(thrown)
                .as("the store never reaches revision %d, so the watch cannot get past it: expected"
                        + " TimeoutException, not the changes seen so far", r1 + 1)
                .isInstanceOf(TimeoutException.class);
        assertThat(took)
                .as("the wait should end soon after the %s timeout", timeout)
                .isGreaterThanOrEqualTo(timeout)
                .isLessThan(Duration.ofSeconds(10));
    }

    @Test
    @DisplayName("the watch is closed when the method returns, on success and on timeout")
    void closesTheWatch(Client client, Etcd etcdHandle, KeyPrefix prefix) throws Exception {
        Direct etcd = new Direct(client);
        long r1 = etcd.put(prefix.key("k"), "v1");
        long r2 = etcd.put(prefix.key("k"), "v2");
        long before = io.rvlab.support.etcd.Direct.watchers(etcdHandle);

        WatchFrom.changesThrough(client, prefix.value(), r1, r2, PATIENCE);
        catchThrowable(() -> WatchFrom.changesThrough(client, prefix.value(), r1, r2 + 1, Duration.ofMillis(300)));

        // etcd counts the watchers it serves; a watch left open keeps its watcher (and its stream) alive.
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        long after = io.rvlab.support.etcd.Direct.watchers(etcdHandle);
        while (after > before && System.nanoTime() < deadline) {
            Thread.sleep(100);
            after = io.rvlab.support.etcd.Direct.watchers(etcdHandle);
        }
        assertThat(after)
                .as("etcd served %d watchers before your two calls and still serves %d after them: close the"
                        + " watch before returning, whether you return changes or throw", before, after)
                .isEqualTo(before);
    }


    @Test
    @DisplayName("a compacted start revision: RevisionCompactedException naming it")
    void compactedStart(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String k = prefix.key("old");
        long r1 = etcd.put(k, "v1");
        long r2 = etcd.put(k, "v2");
        etcd.compact(r2);

        Throwable thrown = catchThrowable(() -> WatchFrom.changesThrough(client, prefix.value(), r1, r2, PATIENCE));

        assertThat(thrown)
                .as("watching from %d after a compaction at %d: etcd cancels the watch (jetcd reports a"
                        + " CompactedException to the listener's error callback); expected RevisionCompactedException", r1, r2)
                .isInstanceOf(RevisionCompactedException.class);
        assertThat(((RevisionCompactedException) thrown).requestedRevision()).isEqualTo(r1);
    }
}
