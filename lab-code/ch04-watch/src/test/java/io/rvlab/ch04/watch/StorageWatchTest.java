package io.rvlab.ch04.watch;

import static io.rvlab.ch04.watch.WatchEvent.Type.ADDED;
import static io.rvlab.ch04.watch.WatchEvent.Type.DELETED;
import static io.rvlab.ch04.watch.WatchEvent.Type.MODIFIED;
import static io.rvlab.ch04.watch.Writes.data;
import static io.rvlab.ch04.watch.Writes.rv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.storage.Versioner;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import io.rvlab.support.etcd.EtcdExtension;

/**
 * A watch from a resourceVersion, straight from the shared real etcd. Each test writes in a
 * namespace of its own and compares the events with the resourceVersions its own writes returned.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("StorageWatch: etcd watch events as Kubernetes watch events")
class StorageWatchTest {

    private final Client client;
    private final Writes writes;

    StorageWatchTest(Client client) {
        this.client = client;
        this.writes = new Writes(client);
    }

    private StorageWatch watch(String resourceVersion, EventRecorder recorder) {
        return new StorageWatch(client, new Versioner(), writes.collection(), resourceVersion, recorder);
    }

    @Test
    @DisplayName("create, update, delete arrive as ADDED, MODIFIED, DELETED with the writes' resourceVersions")
    void createUpdateDelete() throws InterruptedException {
        EventRecorder recorder = new EventRecorder();
        try (StorageWatch ignored = watch(writes.now(), recorder)) {
            ObjectNode created = writes.create("cm-w", "w1");
            ObjectNode updated = writes.update("cm-w", "w2");
            ObjectNode deleted = writes.delete("cm-w");

            List<WatchEvent> events = recorder.await(3);
            assertThat(events).extracting(WatchEvent::type).containsExactly(ADDED, MODIFIED, DELETED);
            assertThat(events).extracting(WatchEvent::resourceVersion)
                    .containsExactly(rv(created), rv(updated), rv(deleted));
            assertThat(events).extracting(Writes::data).containsExactly("w1", "w2", "w2");
        }
    }

    @Test
    @DisplayName("DELETED carries the last state, with the deletion's revision as its resourceVersion")
    void deletedCarriesLastStateAtDeleteRevision() throws InterruptedException {
        writes.create("cm-d", "before");
        ObjectNode last = writes.update("cm-d", "last");
        EventRecorder recorder = new EventRecorder();
        try (StorageWatch ignored = watch(rv(last), recorder)) {
            long beforeDelete = Long.parseLong(writes.now());
            writes.delete("cm-d");
            long afterDelete = Long.parseLong(writes.now());

            WatchEvent deleted = recorder.await(1).get(0);
            assertThat(deleted.type()).isEqualTo(DELETED);
            assertThat(data(deleted)).isEqualTo("last");
            assertThat(deleted.object().path("metadata").path("name").asText()).isEqualTo("cm-d");
            // Not the object's last mod_revision: the revision the delete itself made.
            assertThat(Long.parseLong(deleted.resourceVersion()))
                    .isGreaterThan(Long.parseLong(rv(last)))
                    .isGreaterThan(beforeDelete)
                    .isLessThanOrEqualTo(afterDelete);
        }
    }

    @Test
    @DisplayName("events arrive in the order of the writes, resourceVersions strictly increasing")
    void eventsArriveInOrder() throws InterruptedException {
        EventRecorder recorder = new EventRecorder();
        try (StorageWatch ignored = watch(writes.now(), recorder)) {
            List<String> written = new ArrayList<>();
            written.add(rv(writes.create("cm-a", "0")));
            written.add(rv(writes.create("cm-b", "0")));
            for (int i = 1; i <= 20; i++) {
                written.add(rv(writes.update(i % 2 == 0 ? "cm-a" : "cm-b", Integer.toString(i))));
            }

            List<WatchEvent> events = recorder.await(written.size());
            assertThat(events).extracting(WatchEvent::resourceVersion).containsExactlyElementsOf(written);
            assertThat(events).extracting(e -> Long.parseLong(e.resourceVersion())).isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    @DisplayName("a watch from a past resourceVersion first replays everything after it")
    void pastResourceVersionReplaysHistory() throws InterruptedException {
        String start = writes.now();
        ObjectNode created = writes.create("cm-h", "h1");
        ObjectNode updated = writes.update("cm-h", "h2");
        ObjectNode deleted = writes.delete("cm-h");

        EventRecorder recorder = new EventRecorder();
        try (StorageWatch ignored = watch(start, recorder)) {
            ObjectNode again = writes.create("cm-h", "h3"); // and then goes on live
            List<WatchEvent> events = recorder.await(4);
            assertThat(events).extracting(WatchEvent::type).containsExactly(ADDED, MODIFIED, DELETED, ADDED);
            assertThat(events).extracting(WatchEvent::resourceVersion)
                    .containsExactly(rv(created), rv(updated), rv(deleted), rv(again));
        }
    }

    @Test
    @DisplayName("a watch from N is exclusive: N itself is not sent again, so a resumed watcher sees nothing twice")
    void watchFromIsExclusive() throws InterruptedException {
        ObjectNode created = writes.create("cm-x", "x1");
        ObjectNode updated = writes.update("cm-x", "x2");
        EventRecorder recorder = new EventRecorder();
        try (StorageWatch ignored = watch(rv(created), recorder)) {
            List<WatchEvent> events = recorder.await(1);
            assertThat(events.get(0).type()).isEqualTo(MODIFIED);
            assertThat(events.get(0).resourceVersion()).isEqualTo(rv(updated));
        }
    }

    @Test
    @DisplayName("a re-created key is ADDED again: create_revision equals mod_revision")
    void recreatedKeyIsAddedAgain() throws InterruptedException {
        writes.create("cm-r", "r1");
        ObjectNode deleted = writes.delete("cm-r");
        EventRecorder recorder = new EventRecorder();
        try (StorageWatch ignored = watch(rv(deleted), recorder)) {
            ObjectNode recreated = writes.create("cm-r", "r2");
            WatchEvent event = recorder.await(1).get(0);
            assertThat(event.type()).isEqualTo(ADDED);
            assertThat(event.resourceVersion()).isEqualTo(rv(recreated));
        }
    }

    @Test
    @DisplayName("only the watched collection: a namespace whose name starts with the watched one's is not sent")
    void onlyTheWatchedCollection() throws InterruptedException {
        Writes other = new Writes(client, writes.namespace + "2"); // its keys share the prefix but for the "/"
        EventRecorder recorder = new EventRecorder();
        try (StorageWatch ignored = watch(writes.now(), recorder)) {
            other.create("cm-elsewhere", "no");
            ObjectNode mine = writes.create("cm-mine", "yes");
            List<WatchEvent> events = recorder.await(1);
            assertThat(events).hasSize(1);
            assertThat(events.get(0).resourceVersion()).isEqualTo(rv(mine));
        }
    }

    @Test
    @DisplayName("resourceVersion \"0\" and unset (state first) are refused: a plain etcd watch only has changes")
    void zeroAndUnsetAreNotImplementedYet() {
        assertThatThrownBy(() -> watch("0", new EventRecorder()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a list first");
        assertThatThrownBy(() -> watch("", new EventRecorder()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a list first");
    }
}
