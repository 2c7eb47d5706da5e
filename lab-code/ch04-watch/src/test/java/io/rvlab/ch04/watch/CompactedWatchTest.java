package io.rvlab.ch04.watch;

import static io.rvlab.ch04.watch.Writes.rv;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch01.CompactedRevisionException;
import io.rvlab.ch01.Compactor;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Compaction ends history; a watch that would have to start before it cannot start. Own etcd: it compacts. */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@DisplayName("StorageWatch from a compacted resourceVersion")
class CompactedWatchTest {

    @Test
    @DisplayName("fails with CompactedRevisionException naming the requested and the compacted revision, and sends no event")
    void compactedStartFails(Client client) throws InterruptedException {
        Writes writes = new Writes(client);
        ObjectNode created = writes.create("cm-old", "v1");
        writes.update("cm-old", "v2");
        long compactedAt = Long.parseLong(rv(writes.update("cm-old", "v3")));
        new Compactor(client).compact(compactedAt);

        EventRecorder recorder = new EventRecorder();
        try (StorageWatch ignored = new StorageWatch(client, new Versioner(), writes.collection(), rv(created),
                recorder)) {
            RuntimeException error = recorder.awaitError();
            assertThat(error).isInstanceOf(CompactedRevisionException.class)
                    .hasMessageContaining("has been compacted");
            CompactedRevisionException compacted = (CompactedRevisionException) error;
            assertThat(compacted.requestedRevision()).isEqualTo(Long.parseLong(rv(created)) + 1);
            assertThat(compacted.compactRevision()).hasValue(compactedAt);
            assertThat(recorder.events()).isEmpty();
        }
    }

    @Test
    @DisplayName("from the compaction revision itself still works: every later change is in history")
    void fromCompactionRevisionWorks(Client client) throws InterruptedException {
        Writes writes = new Writes(client);
        ObjectNode created = writes.create("cm-edge", "v1");
        new Compactor(client).compact(Long.parseLong(rv(created)));

        EventRecorder recorder = new EventRecorder();
        try (StorageWatch ignored = new StorageWatch(client, new Versioner(), writes.collection(), rv(created),
                recorder)) {
            ObjectNode updated = writes.update("cm-edge", "v2");
            assertThat(recorder.await(1).get(0).resourceVersion()).isEqualTo(rv(updated));
        }
    }
}
