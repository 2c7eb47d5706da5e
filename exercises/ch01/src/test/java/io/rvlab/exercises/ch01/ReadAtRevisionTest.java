package io.rvlab.exercises.ch01;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import io.rvlab.support.etcd.KeyPrefix;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 1.2 (read the past). This class compacts etcd, so it runs on an
 * etcd of its own ({@link FreshEtcd}).
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd
@Timeout(60)
@DisplayName("1.2 read a key as it was at a revision")
class ReadAtRevisionTest {

    @Test
    @DisplayName("each revision shows the value written at or before it")
    void eachRevisionShowsItsValue(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        KV kv = client.getKVClient();
        String key = prefix.key("k");
        long r1 = etcd.put(key, "v1");
        long between = etcd.put(prefix.key("other"), "x"); // raises the revision, leaves k alone
        long r2 = etcd.put(key, "v2");
        long r3 = etcd.put(key, "v3");

        assertValueAt(kv, key, r1, "v1");
        assertValueAt(kv, key, between, "v1");
        assertValueAt(kv, key, r2, "v2");
        assertValueAt(kv, key, r3, "v3");
        assertValueAt(kv, key, etcd.currentRevision(), "v3");
        assertThat(etcd.value(key)).as("reading the past must not change the present").isEqualTo("v3");
    }

    @Test
    @DisplayName("before the key was created there is no value")
    void beforeCreation(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        KV kv = client.getKVClient();
        String key = prefix.key("late");
        long before = etcd.put(prefix.key("earlier"), "x");
        long created = etcd.put(key, "hello");

        assertThat(ReadAtRevision.valueAt(kv, key, before))
                .as("at revision %d key %s did not exist yet (it was created at %d): expected Optional.empty()",
                        before, key, created)
                .isEmpty();
        assertValueAt(kv, key, created, "hello");
    }

    @Test
    @DisplayName("a deleted key is gone at the delete, but its past is still readable")
    void deleteAndRecreate(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        KV kv = client.getKVClient();
        String key = prefix.key("phoenix");
        long firstLife = etcd.put(key, "first life");
        long deleted = etcd.delete(key);
        long secondLife = etcd.put(key, "second life");

        assertValueAt(kv, key, firstLife, "first life");
        assertValueAt(kv, key, deleted - 1, "first life");
        assertThat(ReadAtRevision.valueAt(kv, key, deleted))
                .as("at revision %d the key had just been deleted: expected Optional.empty()", deleted)
                .isEmpty();
        assertValueAt(kv, key, secondLife, "second life");
    }

    @Test
    @DisplayName("a compacted revision: RevisionCompactedException naming the revision asked for")
    void compactedRevision(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        KV kv = client.getKVClient();
        String key = prefix.key("ancient");
        long old = etcd.put(key, "old");
        long kept = etcd.put(key, "kept");
        etcd.compact(kept);
        assertThat(etcd.readFailsAt(key, old)).as("test setup: etcd should refuse to read at %d after compacting at %d", old, kept).isTrue();

        Throwable thrown = catchThrowable(() -> ReadAtRevision.valueAt(kv, key, old));

        assertThat(thrown)
                .as("reading at %d, before the compaction at %d, should throw RevisionCompactedException", old, kept)
                .isInstanceOf(RevisionCompactedException.class);
        assertThat(((RevisionCompactedException) thrown).requestedRevision())
                .as("requestedRevision() should be the revision asked for")
                .isEqualTo(old);
        // The compaction revision itself survives: etcd keeps the state as of that revision.
        assertValueAt(kv, key, kept, "kept");
    }

    @Test
    @DisplayName("revision 0 or below is refused (0 means 'latest' to etcd)")
    void zeroAndNegativeRevisions(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("now");
        etcd.put(key, "present value");

        for (long revision : new long[] {0, -1}) {
            assertThatThrownBy(() -> ReadAtRevision.valueAt(client.getKVClient(), key, revision))
                    .as("revision %d is not a revision: expected IllegalArgumentException"
                            + " (etcd would read the latest value for 0)", revision)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(Long.toString(revision));
        }
    }

    @Test
    @DisplayName("a revision the store reaches within the wait is read at that revision, once it exists")
    void futureRevisionReachedWhileWaiting(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("soon");
        etcd.put(key, "before");
        long current = etcd.currentRevision();
        long wanted = current + 2;
        // Another apiserver's client has already seen `wanted`; this store gets there 1.5 s from now.
        CompletableFuture<Void> writes = later(1500, () -> {
            etcd.put(key, "one write too early");
            etcd.put(key, "at the revision asked for");
            etcd.put(key, "one write too late");
        });

        long started = System.nanoTime();
        Optional<String> value = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> ReadAtRevision.valueAt(client.getKVClient(), key, wanted),
                "valueAt(" + wanted + ") still waiting after 20 s, although the store reached it after 1.5 s");
        long waitedMillis = (System.nanoTime() - started) / 1_000_000;
        writes.join();

        assertThat(value)
                .as("revision %d was %d writes ahead of the store (at %d) and arrived 1.5 s later, within the 3 s"
                        + " kube-apiserver's watch cache waits: expected the value written at %d (you returned"
                        + " after %d ms)", wanted, wanted - current, current, wanted, waitedMillis)
                .contains("at the revision asked for");
    }

    @Test
    @DisplayName("a revision the store does not reach in 3 s: \"Too large resource version\", naming where the store is now")
    void futureRevision(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("never");
        etcd.put(key, "v");
        long future = etcd.currentRevision() + 1000;
        // The store moves during the wait, but not far enough.
        CompletableFuture<Void> writes = later(500, () -> {
            for (int i = 0; i < 3; i++) {
                etcd.put(prefix.key("other"), "write " + i);
            }
        });

        long started = System.nanoTime();
        Throwable thrown = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> catchThrowable(() -> ReadAtRevision.valueAt(client.getKVClient(), key, future)),
                "valueAt(" + future + ") still waiting after 20 s: kube-apiserver's watch cache gives up after 3 s");
        long waitedMillis = (System.nanoTime() - started) / 1_000_000;
        writes.join();
        long now = etcd.currentRevision();

        assertThat(thrown)
                .as("revision %d is ahead of the store (etcd says 'required revision is a future revision'):"
                        + " expected IllegalArgumentException, neither RevisionCompactedException nor a value", future)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Too large resource version: " + future + ", current: " + now);
        assertThat(waitedMillis)
                .as("gave up on revision %d after %d ms: kube-apiserver's watch cache waits 3 s for a revision"
                        + " it has not reached before it answers 'Too large resource version'", future, waitedMillis)
                .isGreaterThanOrEqualTo(2900);
    }

    @Test
    @DisplayName("called on an interrupted thread: throws IllegalStateException and leaves the thread interrupted")
    void interruptedCaller(Client client, KeyPrefix prefix) {
        io.rvlab.grader.InterruptedCaller.assertKeepsTheInterrupt("valueAt",
                () -> ReadAtRevision.valueAt(client.getKVClient(), prefix.key("k"), 1));
    }

    /** Runs {@code writes} on another thread after {@code millis}, as another client of the store would. */
    private static CompletableFuture<Void> later(long millis, Runnable writes) {
        return CompletableFuture.runAsync(writes,
                CompletableFuture.delayedExecutor(millis, TimeUnit.MILLISECONDS));
    }

    private static void assertValueAt(KV kv, String key, long revision, String expected) {
        Optional<String> value = ReadAtRevision.valueAt(kv, key, revision);
        assertThat(value)
                .as("value of %s at revision %d", key, revision)
                .contains(expected);
    }
}
