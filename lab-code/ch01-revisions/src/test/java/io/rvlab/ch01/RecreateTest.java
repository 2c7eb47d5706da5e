package io.rvlab.ch01;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(EtcdExtension.class)
@DisplayName("Delete, then recreate")
class RecreateTest {

    private final RevisionReader reader;
    private final RevisionWriter writer;

    RecreateTest(Client client) {
        this.reader = new RevisionReader(client);
        this.writer = new RevisionWriter(client);
    }

    @Test
    @DisplayName("delete then recreate resets create_revision and version")
    void recreateStartsOver(KeyPrefix prefix) {
        String key = prefix.key("k");
        long born = writer.put(key, "1");
        writer.put(key, "2");
        writer.delete(key);
        long reborn = writer.put(key, "3");
        FourNumbers k = reader.latest(key);
        assertThat(k.createRevision()).isEqualTo(reborn).isNotEqualTo(born);
        assertThat(k.modRevision()).isEqualTo(reborn);
        assertThat(k.version()).isEqualTo(1);
    }

    @Test
    @DisplayName("a read at an older revision still shows the old value, with the old life's numbers")
    void readThePast(KeyPrefix prefix) {
        String key = prefix.key("k");
        long born = writer.put(key, "old");
        long changed = writer.put(key, "older-life");
        long deleted = writer.delete(key);
        writer.put(key, "new");

        FourNumbers atChange = reader.at(key, changed);
        assertThat(atChange.value()).contains("older-life");
        assertThat(atChange.createRevision()).isEqualTo(born);
        assertThat(atChange.modRevision()).isEqualTo(changed);
        assertThat(atChange.version()).isEqualTo(2);

        assertThat(reader.at(key, born).value()).contains("old");
        assertThat(reader.at(key, deleted).exists()).isFalse();
        assertThat(reader.at(key, born - 1).exists()).isFalse();
    }

    @Test
    @DisplayName("the header of a read in the past is today's revision, not the one asked for")
    void headerOfAReadInThePast(KeyPrefix prefix) {
        String key = prefix.key("k");
        long first = writer.put(key, "1");
        long second = writer.put(key, "2");
        assertThat(reader.at(key, first).revision()).isEqualTo(second);
    }
}
