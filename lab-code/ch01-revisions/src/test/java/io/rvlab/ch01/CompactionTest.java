package io.rvlab.ch01;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.etcd.jetcd.Client;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import io.rvlab.support.etcd.KeyPrefix;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Compaction, on an etcd of this class's own (compaction is global and cannot be undone). Each test
 * compacts at a revision it has just written, so compactions only move forward whatever the order
 * the tests run in.
 */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@DisplayName("Reading the past, and compaction")
class CompactionTest {

    private final Client client;
    private final RevisionReader reader;
    private final RevisionWriter writer;
    private final Compactor compactor;

    CompactionTest(Client client) {
        this.client = client;
        this.reader = new RevisionReader(client);
        this.writer = new RevisionWriter(client);
        this.compactor = new Compactor(client);
    }

    @Test
    @DisplayName("a read at a compacted revision fails with CompactedRevisionException naming the revision asked for and the compaction revision")
    void readAtCompactedRevision(KeyPrefix prefix) {
        String key = prefix.key("k");
        long one = writer.put(key, "1");
        long two = writer.put(key, "2");
        compactor.compact(two);

        CompactedRevisionException e = catchThrowableOfType(CompactedRevisionException.class, () -> reader.at(key, one));
        assertThat(e).as("the expected exception").isNotNull();
        assertThat(e.requestedRevision()).isEqualTo(one);
        assertThat(e.compactRevision()).hasValue(two);
        assertThat(e.getMessage()).contains("mvcc: required revision has been compacted");
    }

    @Test
    @DisplayName("the compaction revision itself, and every later one, stays readable; the latest value keeps its numbers")
    void whatSurvives(KeyPrefix prefix) {
        String key = prefix.key("k");
        long one = writer.put(key, "1");
        long two = writer.put(key, "2");
        long three = writer.put(key, "3");
        compactor.compact(two);

        FourNumbers atTwo = reader.at(key, two);
        assertThat(atTwo.value()).contains("2");
        assertThat(atTwo.createRevision()).isEqualTo(one);
        assertThat(atTwo.version()).isEqualTo(2);
        FourNumbers now = reader.latest(key);
        assertThat(now.createRevision()).isEqualTo(one);
        assertThat(now.modRevision()).isEqualTo(three);
        assertThat(now.version()).isEqualTo(3);
    }

    @Test
    @DisplayName("a key deleted before the compaction point is gone from every readable revision")
    void deletedBeforeCompactionLeavesNoTrace(KeyPrefix prefix) {
        String key = prefix.key("temp");
        long born = writer.put(key, "x");
        long deleted = writer.delete(key);
        compactor.compact(deleted);

        assertThat(reader.at(key, deleted).exists()).isFalse();
        assertThat(reader.latest(key).exists()).isFalse();
        assertThatThrownBy(() -> reader.at(key, born)).isInstanceOf(CompactedRevisionException.class);
    }

    @Test
    @DisplayName("compaction is not a write: the revision does not move")
    void compactionIsNotAWrite(KeyPrefix prefix) {
        long written = writer.put(prefix.key("k"), "v");
        compactor.compact(written);
        assertThat(reader.currentRevision()).isEqualTo(written);
    }

    @Test
    @DisplayName("compaction only moves forward: compacting at an older revision fails with CompactedRevisionException")
    void compactionMovesForward(KeyPrefix prefix) {
        long one = writer.put(prefix.key("k"), "1");
        long two = writer.put(prefix.key("k"), "2");
        compactor.compact(two);
        CompactedRevisionException e = catchThrowableOfType(CompactedRevisionException.class, () -> compactor.compact(one));
        assertThat(e).as("the expected exception").isNotNull();
        assertThat(e.requestedRevision()).isEqualTo(one);
        assertThat(e.compactRevision()).hasValue(two);
    }

    @Test
    @DisplayName("a read at a revision etcd has not reached fails with FutureRevisionException")
    void readInTheFuture(KeyPrefix prefix) {
        long now = writer.put(prefix.key("k"), "v");
        FutureRevisionException e = catchThrowableOfType(FutureRevisionException.class,
                () -> reader.at(prefix.key("k"), now + 1));
        assertThat(e).as("the expected exception").isNotNull();
        assertThat(e.requestedRevision()).isEqualTo(now + 1);
        assertThat(e.currentRevision()).isEqualTo(now);
        assertThat(e.getMessage()).contains("mvcc: required revision is a future revision");
    }

    @Test
    @DisplayName("a watch from a compacted revision is cancelled, and says where history starts")
    void watchFromCompactedRevision(KeyPrefix prefix) throws InterruptedException {
        long one = writer.put(prefix.key("k"), "1");
        long two = writer.put(prefix.key("k"), "2");
        compactor.compact(two);
        try (PrefixWatch watch = new PrefixWatch(client, prefix.value(), one)) {
            CompactedRevisionException e = catchThrowableOfType(CompactedRevisionException.class,
                    () -> watch.awaitChanges(1, Duration.ofSeconds(10)));
            assertThat(e).as("the expected exception").isNotNull();
            assertThat(e.requestedRevision()).isEqualTo(one);
            assertThat(e.compactRevision()).hasValue(two);
        }
    }

    @Test
    @DisplayName("the compaction probe reads the compaction revision from a cancelled watch")
    void probe(KeyPrefix prefix) {
        long one = writer.put(prefix.key("k"), "1");
        long two = writer.put(prefix.key("k"), "2");
        compactor.compact(two);
        assertThat(CompactionProbe.compactRevision(client, one)).hasValue(two);
    }
}
