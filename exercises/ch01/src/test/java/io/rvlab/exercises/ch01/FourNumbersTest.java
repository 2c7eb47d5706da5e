package io.rvlab.exercises.ch01;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.exercises.ch01.FourNumbers.KeyRevisions;
import io.rvlab.exercises.ch01.FourNumbers.Listing;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 1.1 (read the four numbers). Each test writes keys straight to etcd,
 * calls your {@link FourNumbers#list}, and compares what you return with what etcd itself reports.
 * The keys listed live under {@code prefix.key("list/")}; the other writes go elsewhere.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(60)
@DisplayName("1.1 read the four numbers")
class FourNumbersTest {

    @Test
    @DisplayName("a key written once: created and modified at that write, version 1")
    void keyWrittenOnce(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("list/once");
        long written = etcd.put(key, "v1");

        Listing listing = FourNumbers.list(client.getKVClient(), prefix.key("list/"));

        KeyRevisions numbers = listed(listing, key);
        assertThat(numbers.createRevision())
                .as("create_revision should be the revision of the put that created the key (%d)", written)
                .isEqualTo(written);
        assertThat(numbers.modRevision())
                .as("mod_revision should be the revision of the last put (%d)", written)
                .isEqualTo(written);
        assertThat(numbers.version()).as("version should be 1 after one put").isEqualTo(1);
        assertThat(listing.revision())
                .as("the store's revision can never be behind a key's mod_revision")
                .isGreaterThanOrEqualTo(written);
        assertSameAsEtcd(etcd, key, numbers);
    }

    @Test
    @DisplayName("every put raises version and mod_revision, never create_revision")
    void threePuts(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("list/three");
        long first = etcd.put(key, "v1");
        etcd.put(prefix.key("other"), "x"); // writes to another key: revisions, but not this key's versions
        etcd.put(key, "v2");
        etcd.put(prefix.key("other"), "y");
        long last = etcd.put(key, "v3");

        KeyRevisions numbers = listed(FourNumbers.list(client.getKVClient(), prefix.key("list/")), key);

        assertThat(numbers.createRevision())
                .as("create_revision should stay at the first put (%d)", first)
                .isEqualTo(first);
        assertThat(numbers.modRevision())
                .as("mod_revision should follow the last put (%d)", last)
                .isEqualTo(last);
        assertThat(numbers.version())
                .as("version counts this key's puts (3), not the revisions between %d and %d", first, last)
                .isEqualTo(3);
        assertSameAsEtcd(etcd, key, numbers);
    }

    @Test
    @DisplayName("the list's revision is the store's, not any key's mod_revision")
    void headerRevisionIsTheStores(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String a = prefix.key("list/a");
        String b = prefix.key("list/b");
        etcd.put(a, "v1");
        long newestListed = etcd.put(b, "v1");
        // Other writes raise the store's revision but leave the listed keys alone.
        etcd.put(prefix.key("busy"), "a");
        etcd.put(prefix.key("busy"), "b");
        long laterWrite = etcd.put(prefix.key("busy"), "c");

        Listing listing = FourNumbers.list(client.getKVClient(), prefix.key("list/"));

        assertThat(listing.revision())
                .as("revision should come from the response header: the store was at %d or later,"
                        + " while the newest listed key was written at %d", laterWrite, newestListed)
                .isGreaterThanOrEqualTo(laterWrite);
        assertThat(listed(listing, b).modRevision())
                .as("writes to other keys must not change this key's mod_revision")
                .isEqualTo(newestListed);
    }

    @Test
    @DisplayName("delete then recreate: create_revision and version start over")
    void deleteThenRecreate(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("list/reborn");
        long firstLife = etcd.put(key, "old-1");
        etcd.put(key, "old-2");
        long deleted = etcd.delete(key);
        long recreated = etcd.put(key, "new-1");

        KeyRevisions numbers = listed(FourNumbers.list(client.getKVClient(), prefix.key("list/")), key);

        assertThat(numbers.version())
                .as("version should restart at 1 after delete+recreate, got %d", numbers.version())
                .isEqualTo(1);
        assertThat(numbers.createRevision())
                .as("create_revision should be the recreating put (%d), not the first life's (%d)", recreated, firstLife)
                .isEqualTo(recreated)
                .isGreaterThan(deleted);
        assertThat(numbers.modRevision()).isEqualTo(recreated);
        assertSameAsEtcd(etcd, key, numbers);
    }

    @Test
    @DisplayName("nothing under the prefix: no keys, but the store's revision is still there")
    void nothingUnderThePrefix(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String deleted = prefix.key("gone/deleted");
        etcd.put(deleted, "short-lived");
        long before = etcd.delete(deleted);

        Listing never = FourNumbers.list(client.getKVClient(), prefix.key("never-written/"));
        Listing gone = FourNumbers.list(client.getKVClient(), prefix.key("gone/"));
        long after = etcd.currentRevision();

        assertThat(never.keys()).as("nothing was ever written under %s: expected no keys", prefix.key("never-written/"))
                .isEmpty();
        assertThat(gone.keys()).as("the only key under %s was deleted: a deleted key is not listed", prefix.key("gone/"))
                .isEmpty();
        for (Listing listing : new Listing[] {never, gone}) {
            assertThat(listing.revision())
                    .as("even with no keys the response header carries the store's revision,"
                            + " which was between %d and %d during the read", before, after)
                    .isBetween(before, after);
        }
    }

    @Test
    @DisplayName("every key under the prefix, in key order, and nothing beside it")
    void everyKeyUnderThePrefix(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String listed = prefix.key("list/");
        // Same characters as the prefix without its final '/': a sibling, not a key under the prefix.
        String sibling = listed.substring(0, listed.length() - 1) + "-sibling";
        etcd.put(sibling, "not mine");
        List<String> names = List.of(prefix.key("list/c"), prefix.key("list/a"), prefix.key("list/b/deeper"));
        for (String name : names) {
            etcd.put(name, "x");
        }
        // Keys that sort before and after everything under the prefix.
        etcd.put(prefix.key("elsewhere"), "not mine either");
        String after = listed.substring(0, listed.length() - 1) + "0-after"; // '0' sorts after '/'
        etcd.put(after, "not mine either");
        etcd.put(prefix.key("zz-last"), "not mine either");

        Listing listing = FourNumbers.list(client.getKVClient(), listed);

        assertThat(listing.keys().keySet())
                .as("every key whose name starts with %s, by full name, in key order; %s and %s do not start with it",
                        listed, sibling, after)
                .containsExactly(prefix.key("list/a"), prefix.key("list/b/deeper"), prefix.key("list/c"));
        for (String name : names) {
            assertSameAsEtcd(etcd, name, listing.keys().get(name));
        }
    }


    @Test
    @DisplayName("called on an interrupted thread: throws IllegalStateException and leaves the thread interrupted")
    void interruptedCaller(Client client, KeyPrefix prefix) {
        io.rvlab.grader.InterruptedCaller.assertKeepsTheInterrupt("list",
                () -> FourNumbers.list(client.getKVClient(), prefix.key("list/")));
    }

    private static KeyRevisions listed(Listing listing, String key) {
        assertThat(listing).as("list(...) returned null").isNotNull();
        assertThat(listing.keys()).as("the key %s exists, so it must be listed by its full name", key).containsKey(key);
        return listing.keys().get(key);
    }

    /** What etcd itself says about the key, read independently of your code. */
    private static void assertSameAsEtcd(Direct etcd, String key, KeyRevisions yours) {
        KeyValue truth = etcd.get(key).orElseThrow();
        assertThat(yours)
                .as("your numbers for %s should equal etcd's own (create_revision, mod_revision, version)", key)
                .isEqualTo(new KeyRevisions(truth.getCreateRevision(), truth.getModRevision(), truth.getVersion()));
    }
}
