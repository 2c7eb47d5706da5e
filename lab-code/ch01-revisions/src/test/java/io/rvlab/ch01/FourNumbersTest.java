package io.rvlab.ch01;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The four numbers, as specifications. These tests share one etcd with others, so they reason
 * about revisions relative to their own writes (and assume no one else writes at the same time,
 * which holds because test classes run one after another).
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("The four numbers")
class FourNumbersTest {

    private final RevisionReader reader;
    private final RevisionWriter writer;

    FourNumbersTest(Client client) {
        this.reader = new RevisionReader(client);
        this.writer = new RevisionWriter(client);
    }

    @Test
    @DisplayName("a put makes exactly one new revision, and its response header reports it")
    void putMakesOneRevision(KeyPrefix prefix) {
        long before = reader.currentRevision();
        long put = writer.put(prefix.key("k"), "v");
        assertThat(put).isEqualTo(before + 1);
        assertThat(reader.currentRevision()).isEqualTo(put);
    }

    @Test
    @DisplayName("a new key has create_revision = mod_revision = the revision of its put, and version 1")
    void newKey(KeyPrefix prefix) {
        long put = writer.put(prefix.key("k"), "v");
        FourNumbers k = reader.latest(prefix.key("k"));
        assertThat(k.revision()).isEqualTo(put);
        assertThat(k.createRevision()).isEqualTo(put);
        assertThat(k.modRevision()).isEqualTo(put);
        assertThat(k.version()).isEqualTo(1);
        assertThat(k.value()).contains("v");
    }

    @Test
    @DisplayName("each write moves mod_revision to its revision and adds one to version; create_revision stays")
    void writesMoveModRevisionAndVersion(KeyPrefix prefix) {
        String key = prefix.key("k");
        long created = writer.put(key, "1");
        long second = writer.put(key, "2");
        long third = writer.put(key, "3");
        FourNumbers k = reader.latest(key);
        assertThat(k.createRevision()).isEqualTo(created);
        assertThat(k.modRevision()).isEqualTo(third);
        assertThat(k.version()).isEqualTo(3);
        assertThat(second).isEqualTo(created + 1);
        assertThat(third).isEqualTo(created + 2);
    }

    @Test
    @DisplayName("a write to another key raises the store's revision but not this key's numbers")
    void revisionIsGlobal(KeyPrefix prefix) {
        long mine = writer.put(prefix.key("mine"), "v");
        long other = writer.put(prefix.key("other"), "v");
        FourNumbers k = reader.latest(prefix.key("mine"));
        assertThat(k.revision()).isEqualTo(other).isEqualTo(mine + 1);
        assertThat(k.modRevision()).isEqualTo(mine);
        assertThat(k.version()).isEqualTo(1);
    }

    @Test
    @DisplayName("putting the same value again is still a write: new revision, version + 1")
    void sameValueIsAWrite(KeyPrefix prefix) {
        String key = prefix.key("k");
        long first = writer.put(key, "same");
        long again = writer.put(key, "same");
        FourNumbers k = reader.latest(key);
        assertThat(again).isEqualTo(first + 1);
        assertThat(k.modRevision()).isEqualTo(again);
        assertThat(k.version()).isEqualTo(2);
    }

    @Test
    @DisplayName("a delete is a write; the deleted key reads as create_revision, mod_revision and version 0")
    void deleteIsAWrite(KeyPrefix prefix) {
        String key = prefix.key("k");
        long put = writer.put(key, "v");
        long deleted = writer.delete(key);
        FourNumbers k = reader.latest(key);
        assertThat(deleted).isEqualTo(put + 1);
        assertThat(k.exists()).isFalse();
        assertThat(k.revision()).isEqualTo(deleted);
        assertThat(k.createRevision()).isZero();
        assertThat(k.modRevision()).isZero();
        assertThat(k.version()).isZero();
        assertThat(k.value()).isEmpty();
    }

    @Test
    @DisplayName("deleting a key that does not exist writes nothing and makes no revision")
    void deletingNothing(KeyPrefix prefix) {
        long before = reader.currentRevision();
        assertThat(writer.delete(prefix.key("never-written"))).isEqualTo(before);
        assertThat(writer.deletePrefix(prefix.key("nothing-here/"))).isZero();
        assertThat(reader.currentRevision()).isEqualTo(before);
    }
}
