package io.rvlab.exercises.ch01;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.etcd.jetcd.Client;
import io.rvlab.exercises.ch01.KeyHistory.Version;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import io.rvlab.support.etcd.KeyPrefix;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 1.4 (walk a key's history). One test compacts etcd, so the class runs
 * on an etcd of its own ({@link FreshEtcd}).
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd
@Timeout(60)
@DisplayName("1.4 walk a key's history backwards")
class KeyHistoryTest {

    @Test
    @DisplayName("a key written once has a history of one version")
    void writtenOnce(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("single");
        long written = etcd.put(key, "only");

        List<Version> history = KeyHistory.history(client.getKVClient(), key);

        assertThat(history).as("your history of a key written once, at revision %d (./course hint 1.4)", written).containsExactly(new Version("only", written, 1));
    }

    @Test
    @DisplayName("every version, oldest first, each with the revision that wrote it")
    void everyVersionOldestFirst(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("diary");
        List<Version> expected = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            long revision = etcd.put(key, "entry " + i);
            expected.add(new Version("entry " + i, revision, i));
            // Unrelated writes in between: the key's versions are not at consecutive revisions.
            etcd.put(prefix.key("noise"), "n" + i);
            etcd.put(prefix.key("noise"), "m" + i);
        }

        List<Version> history = KeyHistory.history(client.getKVClient(), key);

        assertThat(history)
                .as("your history of a key written 4 times, at revisions %s, with other writes in between (./course hint 1.4)",
                        expected.stream().map(Version::modRevision).toList())
                .containsExactlyElementsOf(expected);
    }

    @Test
    @DisplayName("one read per version, however many other writes happened in between")
    void oneReadPerVersion(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("sparse");
        List<Version> expected = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            long revision = etcd.put(key, "v" + i);
            expected.add(new Version("v" + i, revision, i));
            for (int n = 0; n < 10; n++) {
                etcd.put(prefix.key("busy"), "noise " + i + "." + n); // 10 revisions that are not this key's
            }
        }
        AtomicInteger reads = new AtomicInteger();

        List<Version> history = KeyHistory.history(ObservedKv.countingReads(client.getKVClient(), reads), key);

        assertThat(history).as("your history of a key written 3 times, with 10 other writes after each (./course hint 1.4)")
                .containsExactlyElementsOf(expected);
        assertThat(reads.get())
                .as("your history read etcd %d times for a key with 3 versions among %d revisions of other writes"
                        + " (./course hint 1.4)", reads.get(), 30)
                .isLessThanOrEqualTo(expected.size() + 2);
    }

    @Test
    @DisplayName("only the current life of the key: the walk stops at create_revision")
    void stopsAtDeleteRecreateBoundary(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("phoenix");
        etcd.put(key, "old life 1");
        etcd.put(key, "old life 2");
        etcd.delete(key);
        long reborn = etcd.put(key, "new life 1");
        long grown = etcd.put(key, "new life 2");

        List<Version> history = KeyHistory.history(client.getKVClient(), key);

        assertThat(history)
                .as("your history of a key written twice, deleted, recreated at %d and written again at %d"
                        + " (./course hint 1.4)", reborn, grown)
                .containsExactly(new Version("new life 1", reborn, 1), new Version("new life 2", grown, 2));
    }

    @Test
    @DisplayName("a missing or deleted key has no history")
    void missingOrDeleted(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String deleted = prefix.key("deleted");
        etcd.put(deleted, "was here");
        etcd.put(deleted, "was here again");
        etcd.delete(deleted);
        String alive = prefix.key("alive");
        long aliveRevision = etcd.put(alive, "still here");

        assertThat(KeyHistory.history(client.getKVClient(), prefix.key("never-written")))
                .as("a key that never existed has an empty history").isEmpty();
        assertThat(KeyHistory.history(client.getKVClient(), deleted))
                .as("a key that does not exist now has an empty history, whatever it was before").isEmpty();
        assertThat(KeyHistory.history(client.getKVClient(), alive))
                .containsExactly(new Version("still here", aliveRevision, 1));
    }

    @Test
    @DisplayName("a key created exactly at the compaction revision still has its whole history")
    void createdAtTheCompactionRevision(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("edge");
        long created = etcd.put(key, "v1");
        long updated = etcd.put(key, "v2");
        etcd.compact(created); // everything before the key's creation is forgotten, nothing of the key
        assertThat(etcd.readFailsAt(key, created - 1)).as("test setup: etcd should refuse to read at %d", created - 1)
                .isTrue();

        assertThat(KeyHistory.history(client.getKVClient(), key))
                .as("your history of a key created at %d, the revision etcd was compacted at, and written again at %d"
                        + " (./course hint 1.4)", created, updated)
                .containsExactly(new Version("v1", created, 1), new Version("v2", updated, 2));
    }

    @Test
    @DisplayName("a history reaching into compacted revisions is an error, not a shorter list")
    void compactedHistory(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("faded");
        long r1 = etcd.put(key, "v1");
        long r2 = etcd.put(key, "v2");
        long r3 = etcd.put(key, "v3");
        etcd.compact(r2); // v1 at r1 is forgotten; r2 and later remain
        assertThat(etcd.readFailsAt(key, r1)).as("test setup: etcd should refuse to read at %d", r1).isTrue();

        Throwable thrown = catchThrowable(() -> KeyHistory.history(client.getKVClient(), key));

        assertThat(thrown)
                .as("your history of a key written at %d, %d and %d, once etcd was compacted at %d, %s (./course hint 1.4)",
                        r1, r2, r3, r2, thrown == null ? "returned a list" : "threw " + thrown)
                .isInstanceOf(RevisionCompactedException.class);
        assertThat(((RevisionCompactedException) thrown).requestedRevision())
                .as("the requestedRevision() of your RevisionCompactedException, for a history compacted at %d"
                        + " (./course hint 1.4)", r2)
                .isBetween(r1, r2 - 1);

        // A key written after the compaction has its whole history.
        String later = prefix.key("later");
        long l1 = etcd.put(later, "a");
        long l2 = etcd.put(later, "b");
        assertThat(KeyHistory.history(client.getKVClient(), later))
                .as("your history of a key created and written again after the compaction at %d (./course hint 1.4)", r2)
                .containsExactly(new Version("a", l1, 1), new Version("b", l2, 2));
    }

    @Test
    @DisplayName("called on an interrupted thread: throws IllegalStateException and leaves the thread interrupted")
    void interruptedCaller(Client client, KeyPrefix prefix) {
        io.rvlab.grader.InterruptedCaller.assertKeepsTheInterrupt("history",
                () -> KeyHistory.history(client.getKVClient(), prefix.key("k")));
    }

}
