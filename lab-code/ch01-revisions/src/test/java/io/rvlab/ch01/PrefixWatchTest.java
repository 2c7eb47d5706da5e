package io.rvlab.ch01;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(EtcdExtension.class)
@DisplayName("Watching a prefix from a revision")
class PrefixWatchTest {

    private static final Duration PATIENCE = Duration.ofSeconds(10);

    private final Client client;
    private final RevisionWriter writer;

    PrefixWatchTest(Client client) {
        this.client = client;
        this.writer = new RevisionWriter(client);
    }

    @Test
    @DisplayName("a watch from revision R replays every change at R and after, in order, then follows live writes")
    void replayThenLive(KeyPrefix prefix) throws InterruptedException {
        long first = writer.put(prefix.key("a"), "1");
        long second = writer.put(prefix.key("b"), "1");
        long third = writer.put(prefix.key("a"), "2");
        try (PrefixWatch watch = new PrefixWatch(client, prefix.value(), first)) {
            assertThat(watch.awaitChanges(3, PATIENCE)).extracting(Change::modRevision)
                    .containsExactly(first, second, third);
            long live = writer.put(prefix.key("c"), "1");
            List<Change> all = watch.awaitChanges(4, PATIENCE);
            assertThat(all).hasSize(4);
            assertThat(all.get(3).modRevision()).isEqualTo(live);
            assertThat(all.get(3).key()).isEqualTo(prefix.key("c"));
        }
    }

    @Test
    @DisplayName("the start revision is inclusive, and keys outside the prefix are not seen")
    void inclusiveAndPrefixOnly(KeyPrefix prefix) throws InterruptedException {
        writer.put(prefix.key("a"), "1");
        long second = writer.put(prefix.key("a"), "2");
        writer.put(prefix.value().substring(0, prefix.value().length() - 1) + "-sibling", "not watched");
        long fourth = writer.put(prefix.key("a"), "3");
        try (PrefixWatch watch = new PrefixWatch(client, prefix.value(), second)) {
            assertThat(watch.awaitChanges(2, PATIENCE)).extracting(Change::modRevision)
                    .containsExactly(second, fourth);
        }
    }

    @Test
    @DisplayName("a DELETE event carries the delete's revision, and create_revision and version 0")
    void deleteEvent(KeyPrefix prefix) throws InterruptedException {
        long put = writer.put(prefix.key("a"), "1");
        long deleted = writer.delete(prefix.key("a"));
        try (PrefixWatch watch = new PrefixWatch(client, prefix.value(), put)) {
            Change delete = watch.awaitChanges(2, PATIENCE).get(1);
            assertThat(delete.type()).isEqualTo(Change.Type.DELETE);
            assertThat(delete.modRevision()).isEqualTo(deleted);
            assertThat(delete.createRevision()).isZero();
            assertThat(delete.version()).isZero();
            assertThat(delete.value()).isEmpty();
        }
    }
}
