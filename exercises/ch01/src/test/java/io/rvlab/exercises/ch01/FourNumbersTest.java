package io.rvlab.exercises.ch01;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.exercises.ch01.FourNumbers.KeyRevisions;
import io.rvlab.exercises.ch01.FourNumbers.Reading;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 1.1 (read the four numbers). Each test writes keys straight to etcd,
 * calls your {@link FourNumbers#read}, and compares what you return with what etcd itself reports.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(60)
@DisplayName("1.1 read the four numbers")
class FourNumbersTest {

    @Test
    @DisplayName("a key written once: created and modified at that write, version 1")
    void keyWrittenOnce(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("once");
        long written = etcd.put(key, "v1");

        Reading reading = FourNumbers.read(client.getKVClient(), key);

        assertThat(reading.key())
                .as("the key %s exists, so key() must not be empty", key)
                .isPresent();
        KeyRevisions numbers = reading.key().get();
        assertThat(numbers.createRevision())
                .as("create_revision should be the revision of the put that created the key (%d)", written)
                .isEqualTo(written);
        assertThat(numbers.modRevision())
                .as("mod_revision should be the revision of the last put (%d)", written)
                .isEqualTo(written);
        assertThat(numbers.version()).as("version should be 1 after one put").isEqualTo(1);
        assertThat(reading.revision())
                .as("the header revision can never be behind the key's mod_revision")
                .isGreaterThanOrEqualTo(written);
        assertSameAsEtcd(etcd, key, numbers);
    }

    @Test
    @DisplayName("every put raises version and mod_revision, never create_revision")
    void threePuts(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("three");
        long first = etcd.put(key, "v1");
        etcd.put(prefix.key("other"), "x"); // writes to another key: revisions, but not this key's versions
        etcd.put(key, "v2");
        etcd.put(prefix.key("other"), "y");
        long last = etcd.put(key, "v3");

        KeyRevisions numbers = presentKey(FourNumbers.read(client.getKVClient(), key), key);

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
    @DisplayName("the header revision is the store's, not the key's mod_revision")
    void headerRevisionIsTheStores(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("quiet");
        long written = etcd.put(key, "v1");
        // Other writes raise the store's revision but leave our key alone.
        etcd.put(prefix.key("busy"), "a");
        etcd.put(prefix.key("busy"), "b");
        long laterWrite = etcd.put(prefix.key("busy"), "c");

        Reading reading = FourNumbers.read(client.getKVClient(), key);

        assertThat(reading.revision())
                .as("revision should come from the response header: the store was at %d or later,"
                        + " while the key's mod_revision is only %d", laterWrite, written)
                .isGreaterThanOrEqualTo(laterWrite);
        assertThat(presentKey(reading, key).modRevision())
                .as("writes to other keys must not change this key's mod_revision")
                .isEqualTo(written);
    }

    @Test
    @DisplayName("delete then recreate: create_revision and version start over")
    void deleteThenRecreate(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("reborn");
        long firstLife = etcd.put(key, "old-1");
        etcd.put(key, "old-2");
        long deleted = etcd.delete(key);
        long recreated = etcd.put(key, "new-1");

        KeyRevisions numbers = presentKey(FourNumbers.read(client.getKVClient(), key), key);

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
    @DisplayName("a missing key: no numbers, but the header revision is still there")
    void missingKey(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String neverWritten = prefix.key("never-written");
        String deleted = prefix.key("deleted");
        etcd.put(deleted, "short-lived");
        long before = etcd.delete(deleted);

        Reading missing = FourNumbers.read(client.getKVClient(), neverWritten);
        Reading gone = FourNumbers.read(client.getKVClient(), deleted);
        long after = etcd.currentRevision();

        assertThat(missing.key()).as("a key that was never written has no numbers: expected Optional.empty()").isEmpty();
        assertThat(gone.key()).as("a deleted key has no numbers: expected Optional.empty()").isEmpty();
        for (Reading reading : new Reading[] {missing, gone}) {
            assertThat(reading.revision())
                    .as("even for a missing key the response header carries the store's revision,"
                            + " which was between %d and %d during the read", before, after)
                    .isBetween(before, after);
        }
    }

    @Test
    @DisplayName("a key is an exact name, not a prefix")
    void exactKeyNotPrefix(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        long longer = etcd.put(prefix.key("abc"), "longer name");
        String shorter = prefix.key("ab");

        Reading reading = FourNumbers.read(client.getKVClient(), shorter);

        assertThat(reading.key())
                .as("%s does not exist; only %s does (read exactly the key asked for, not a prefix)",
                        shorter, prefix.key("abc"))
                .isEmpty();
        assertThat(reading.revision()).isGreaterThanOrEqualTo(longer);
    }

    private static KeyRevisions presentKey(Reading reading, String key) {
        assertThat(reading).as("read(...) returned null").isNotNull();
        assertThat(reading.key()).as("the key %s exists, so key() must not be empty", key).isPresent();
        return reading.key().get();
    }

    /** What etcd itself says about the key, read independently of your code. */
    private static void assertSameAsEtcd(Direct etcd, String key, KeyRevisions yours) {
        KeyValue truth = etcd.get(key).orElseThrow();
        assertThat(yours)
                .as("your numbers should equal etcd's own (create_revision, mod_revision, version)")
                .isEqualTo(new KeyRevisions(truth.getCreateRevision(), truth.getModRevision(), truth.getVersion()));
    }
}
