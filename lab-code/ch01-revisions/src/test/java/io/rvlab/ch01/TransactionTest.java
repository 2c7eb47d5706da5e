package io.rvlab.ch01;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@ExtendWith(EtcdExtension.class)
@DisplayName("One transaction, one revision")
class TransactionTest {

    private final RevisionReader reader;
    private final RevisionWriter writer;
    private final AtomicPut atomic;

    TransactionTest(Client client) {
        this.reader = new RevisionReader(client);
        this.writer = new RevisionWriter(client);
        this.atomic = new AtomicPut(client);
    }

    @ParameterizedTest(name = "{0} key(s)")
    @ValueSource(ints = {1, 2, 3, 10, 50})
    @DisplayName("every write transaction raises the revision by exactly one, however many keys it touches")
    void oneRevisionPerTransaction(int keys, KeyPrefix prefix) {
        long before = reader.currentRevision();
        long txn = atomic.putAll(entries(prefix, keys, "v"));
        assertThat(txn).isEqualTo(before + 1);
        assertThat(reader.currentRevision()).isEqualTo(before + 1);
    }

    @Test
    @DisplayName("every key written by one transaction gets that transaction's revision as mod_revision")
    void sameModRevision(KeyPrefix prefix) {
        Map<String, String> entries = entries(prefix, 3, "1");
        long created = atomic.putAll(entries);
        long updated = atomic.putAll(entries(prefix, 3, "2"));
        for (String key : entries.keySet()) {
            FourNumbers k = reader.latest(key);
            assertThat(k.createRevision()).as(key).isEqualTo(created);
            assertThat(k.modRevision()).as(key).isEqualTo(updated);
            assertThat(k.version()).as("each key still counts its own writes: " + key).isEqualTo(2);
        }
    }

    @Test
    @DisplayName("the same three writes as separate puts make three revisions")
    void separatePuts(KeyPrefix prefix) {
        long before = reader.currentRevision();
        List<Long> revisions = entries(prefix, 3, "v").entrySet().stream()
                .map(e -> writer.put(e.getKey(), e.getValue()))
                .toList();
        assertThat(revisions).containsExactly(before + 1, before + 2, before + 3);
    }

    @Test
    @DisplayName("a transaction whose condition fails writes nothing and makes no revision")
    void failedConditionMakesNoRevision(KeyPrefix prefix) {
        Map<String, String> entries = entries(prefix, 3, "first");
        long created = atomic.putAll(entries);
        AtomicPut.Outcome outcome = atomic.createAll(entries(prefix, 3, "second"));
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.revision()).isEqualTo(created);
        assertThat(reader.latest(entries.keySet().iterator().next()).value()).contains("first");
    }

    @Test
    @DisplayName("createAll writes all keys at one revision when none exists yet")
    void createAllWhenAbsent(KeyPrefix prefix) {
        long before = reader.currentRevision();
        Map<String, String> entries = entries(prefix, 3, "v");
        AtomicPut.Outcome outcome = atomic.createAll(entries);
        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.revision()).isEqualTo(before + 1);
        for (String key : entries.keySet()) {
            assertThat(reader.latest(key).createRevision()).isEqualTo(outcome.revision());
        }
    }

    private static Map<String, String> entries(KeyPrefix prefix, int count, String value) {
        Map<String, String> entries = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            entries.put(prefix.key("k" + i), value);
        }
        return entries;
    }
}
