package io.rvlab.exercises.ch01;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import io.rvlab.support.etcd.KeyPrefix;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 1.3 (many keys, one revision). They count revisions exactly, so they
 * run on an etcd of their own ({@link FreshEtcd}) where nobody else writes.
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd
@Timeout(60)
@DisplayName("1.3 write many keys in one transaction")
class AtomicWritesTest {

    @Test
    @DisplayName("three new keys: the revision rises by exactly one, all three share it")
    void threeNewKeys(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put(prefix.key("a"), "1");
        entries.put(prefix.key("b"), "2");
        entries.put(prefix.key("c"), "3");
        long before = etcd.currentRevision();

        long returned = AtomicWrites.putAll(client.getKVClient(), entries);

        long after = etcd.currentRevision();
        assertThat(after)
                .as("one transaction should raise the store's revision by exactly one (from %d), but etcd is at %d:"
                        + " %d writes happened", before, after, after - before)
                .isEqualTo(before + 1);
        assertThat(returned).as("putAll should return the transaction's revision").isEqualTo(after);
        for (Map.Entry<String, String> e : entries.entrySet()) {
            KeyValue kv = etcd.get(e.getKey()).orElseThrow(
                    () -> new AssertionError("key " + e.getKey() + " was not written"));
            assertThat(Direct.text(kv.getValue())).as("value of %s", e.getKey()).isEqualTo(e.getValue());
            assertThat(kv.getModRevision())
                    .as("mod_revision of %s should be the transaction's revision %d", e.getKey(), returned)
                    .isEqualTo(returned);
            assertThat(kv.getCreateRevision()).as("create_revision of the new key %s", e.getKey()).isEqualTo(returned);
            assertThat(kv.getVersion()).as("version of the new key %s", e.getKey()).isEqualTo(1);
        }
    }

    @Test
    @DisplayName("overwriting and creating in the same transaction still costs one revision")
    void overwriteAndCreate(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String existing = prefix.key("existing");
        String fresh = prefix.key("fresh");
        long created = etcd.put(existing, "v1");
        etcd.put(existing, "v2");
        long before = etcd.currentRevision();

        long returned = AtomicWrites.putAll(client.getKVClient(), Map.of(existing, "v3", fresh, "new"));

        assertThat(etcd.currentRevision()).as("the store's revision should rise from %d by exactly one", before)
                .isEqualTo(before + 1);
        assertThat(returned).as("the store was at revision %d before your write; one write of several keys moves it to %d", before, before + 1).isEqualTo(before + 1);
        KeyValue overwritten = etcd.get(existing).orElseThrow();
        assertThat(Direct.text(overwritten.getValue())).as("the overwritten key's new value").isEqualTo("v3");
        assertThat(overwritten.getVersion()).as("version of the overwritten key: 2 puts before, 1 in the transaction")
                .isEqualTo(3);
        assertThat(overwritten.getCreateRevision()).as("overwriting must keep create_revision").isEqualTo(created);
        assertThat(overwritten.getModRevision()).as("the overwritten key's mod_revision is the revision you returned").isEqualTo(returned);
        KeyValue added = etcd.get(fresh).orElseThrow(() -> new AssertionError("key " + fresh + " was not written"));
        assertThat(Direct.text(added.getValue())).as("the new key's value").isEqualTo("new");
        assertThat(added.getVersion()).as("the new key was written once: version 1").isEqualTo(1);
        assertThat(added.getModRevision()).as("the new key's mod_revision is the revision you returned").isEqualTo(returned);
    }

    @Test
    @DisplayName("puts and deletes in the same call: one revision for all of them")
    void putsAndDeletesTogether(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String kept = prefix.key("kept");
        String doomed = prefix.key("doomed");
        String fresh = prefix.key("fresh");
        long keptCreated = etcd.put(kept, "v1");
        etcd.put(doomed, "about to go");
        long before = etcd.currentRevision();
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put(kept, "v2");
        entries.put(doomed, null); // null: delete the key
        entries.put(fresh, "new");

        long returned = AtomicWrites.putAll(client.getKVClient(), entries);

        assertThat(etcd.currentRevision())
                .as("two puts and a delete as one change: the revision should rise from %d by exactly one", before)
                .isEqualTo(before + 1);
        assertThat(returned).as("putAll should return the revision of that change").isEqualTo(before + 1);
        assertThat(etcd.get(doomed)).as("%s was mapped to null, so it must be deleted", doomed).isEmpty();
        assertThat(etcd.getPrefixAt(doomed, returned - 1))
                .as("one revision earlier, %s still existed: the delete happened in the same change", doomed)
                .hasSize(1);
        KeyValue overwritten = etcd.existing(kept);
        assertThat(Direct.text(overwritten.getValue())).isEqualTo("v2");
        assertThat(overwritten.getModRevision()).as("mod_revision of %s", kept).isEqualTo(returned);
        assertThat(overwritten.getCreateRevision()).as("overwriting keeps create_revision").isEqualTo(keptCreated);
        KeyValue added = etcd.existing(fresh);
        assertThat(Direct.text(added.getValue())).isEqualTo("new");
        assertThat(added.getModRevision()).as("mod_revision of %s", fresh).isEqualTo(returned);
    }

    @Test
    @DisplayName("deleting only keys that do not exist changes nothing: no new revision")
    void deletingOnlyMissingKeys(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        etcd.put(prefix.key("something"), "so the store is not empty");
        long before = etcd.currentRevision();
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put(prefix.key("never-there"), null);
        entries.put(prefix.key("not-there-either"), null);

        long returned = AtomicWrites.putAll(client.getKVClient(), entries);

        assertThat(etcd.currentRevision())
                .as("deleting keys that do not exist changes nothing, so the revision must stay at %d", before)
                .isEqualTo(before);
        assertThat(returned).as("nothing changed: return the current revision %d", before).isEqualTo(before);
        assertThat(etcd.getPrefix(prefix.value())).as("nothing may be created").hasSize(1);
    }

    @Test
    @DisplayName("fifty keys, one revision, counted through etcd")
    void fiftyKeys(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        Map<String, String> entries = new LinkedHashMap<>();
        for (int i = 0; i < 50; i++) {
            entries.put(prefix.key(String.format("many/%02d", i)), "value-" + i);
        }
        long before = etcd.currentRevision();

        long returned = AtomicWrites.putAll(client.getKVClient(), entries);

        assertThat(etcd.currentRevision()).as("50 keys in one transaction: the revision should rise by one, from %d", before)
                .isEqualTo(before + 1);
        List<KeyValue> written = etcd.getPrefix(prefix.key("many/"));
        assertThat(written).as("etcd should hold all 50 keys").hasSize(50);
        assertThat(written).as("every key should carry the transaction's revision %d as mod_revision", returned)
                .allSatisfy(kv -> assertThat(kv.getModRevision()).as("every key's mod_revision is the revision you returned, %d", returned).isEqualTo(returned));
    }

    @Test
    @DisplayName("no entries: nothing written, the revision does not move")
    void noEntries(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        etcd.put(prefix.key("something"), "so the store is not empty");
        long before = etcd.currentRevision();

        long returned = AtomicWrites.putAll(client.getKVClient(), Map.of());

        assertThat(etcd.currentRevision()).as("with nothing to write, the store's revision must stay at %d", before)
                .isEqualTo(before);
        assertThat(returned).as("with nothing to write, return the current revision %d", before).isEqualTo(before);
    }

    @Test
    @DisplayName("called on an interrupted thread: throws IllegalStateException and leaves the thread interrupted")
    void interruptedCaller(Client client, KeyPrefix prefix) {
        io.rvlab.grader.InterruptedCaller.assertKeepsTheInterrupt("putAll",
                () -> AtomicWrites.putAll(client.getKVClient(), Map.of(prefix.key("k"), "v")));
    }

}
