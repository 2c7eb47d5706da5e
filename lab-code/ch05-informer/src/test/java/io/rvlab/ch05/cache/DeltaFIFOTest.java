package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.Objects.cm;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("DeltaFIFO: the queue between the reflector and the informer")
class DeltaFIFOTest {

    private final ThreadSafeIndexer known = new ThreadSafeIndexer(Map.of());
    private final DeltaFIFO fifo = new DeltaFIFO(known);

    /** Pops one key like an informer does: the deltas, applied to the known objects. */
    private List<Delta> pop() throws InterruptedException {
        List<Delta> popped = new ArrayList<>();
        assertThat(fifo.pop(Duration.ofSeconds(1), deltas -> {
            popped.addAll(deltas);
            for (Delta d : deltas) {
                if (d.type() == DeltaType.DELETED) {
                    known.deleteByKey(ObjectKeys.of(d.object()));
                } else {
                    known.update((com.fasterxml.jackson.databind.node.ObjectNode) d.object());
                }
            }
        })).as("something to pop").isTrue();
        return popped;
    }

    private static List<String> summary(List<Delta> deltas) {
        return deltas.stream().map(d -> d.type() + " " + Objects.rv(d.object())
                + (d.object() instanceof DeletedFinalStateUnknown ? " tombstone" : "")).toList();
    }

    @Test
    @DisplayName("a key's deltas come out together, in arrival order; keys leave in the order they first came")
    void perKeyOrder() throws Exception {
        fifo.add(cm("ns", "a", "1"));
        fifo.add(cm("ns", "b", "2"));
        fifo.update(cm("ns", "a", "3"));
        fifo.delete(cm("ns", "a", "4"));
        assertThat(fifo.listKeys()).containsExactly("ns/a", "ns/b");
        assertThat(summary(pop())).containsExactly("ADDED 1", "UPDATED 3", "DELETED 4");
        assertThat(summary(pop())).containsExactly("ADDED 2");
        assertThat(fifo.pop(Duration.ofMillis(10), d -> { })).isFalse();
    }

    @Test
    @DisplayName("two deletions in a row are one; the watch's real last state wins over a relist's tombstone")
    void dedupDeletes() throws Exception {
        fifo.add(cm("ns", "a", "1"));
        fifo.delete(cm("ns", "a", "2"));
        fifo.replace(List.of(), "3"); // a relist not having it: a tombstone, collapsed into the DELETED
        fifo.delete(cm("ns", "a", "4"));
        assertThat(summary(pop())).containsExactly("ADDED 1", "DELETED 4");
    }

    @Test
    @DisplayName("deleting what neither the queue nor the known objects have queues nothing")
    void deleteUnknown() throws Exception {
        fifo.delete(cm("ns", "ghost", "1"));
        assertThat(fifo.listKeys()).isEmpty();
    }

    @Test
    @DisplayName("replace queues REPLACED for listed items and DELETED tombstones (last known state) for known keys gone from the list")
    void replace() throws Exception {
        known.add(cm("ns", "stays", "1"));
        known.add(cm("ns", "gone", "2"));
        fifo.add(cm("ns", "queued-gone", "3"));
        fifo.replace(List.of(cm("ns", "stays", "5"), cm("ns", "new", "6")), "7");
        List<List<String>> popped = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            popped.add(summary(pop()));
        }
        assertThat(popped).containsExactlyInAnyOrder(
                List.of("ADDED 3", "DELETED 3 tombstone"),
                List.of("REPLACED 5"),
                List.of("REPLACED 6"),
                List.of("DELETED 2 tombstone"));
        assertThat(known.listKeys()).containsExactlyInAnyOrder("ns/stays", "ns/new");
    }

    @Test
    @DisplayName("hasSynced once every key of the first replace, deletions included, has been popped")
    void hasSynced() throws Exception {
        known.add(cm("ns", "gone", "1"));
        assertThat(fifo.hasSynced()).isFalse();
        fifo.replace(List.of(cm("ns", "a", "2"), cm("ns", "b", "3")), "4");
        List<Boolean> initial = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            assertThat(fifo.hasSynced()).isFalse();
            fifo.pop(Duration.ofSeconds(1), (deltas, isInInitialList) -> initial.add(isInInitialList));
        }
        assertThat(fifo.hasSynced()).isTrue();
        assertThat(initial).containsExactly(true, true, true);
        fifo.add(cm("ns", "c", "5"));
        fifo.pop(Duration.ofSeconds(1), (deltas, isInInitialList) -> initial.add(isInInitialList));
        assertThat(initial).endsWith(false);
    }

    @Test
    @DisplayName("an empty first list is synced at once")
    void emptyFirstList() {
        fifo.replace(List.of(), "1");
        assertThat(fifo.hasSynced()).isTrue();
    }

    @Test
    @DisplayName("resync queues SYNC for every known key, except keys with deltas still queued")
    void resync() throws Exception {
        known.add(cm("ns", "a", "1"));
        known.add(cm("ns", "b", "2"));
        fifo.update(cm("ns", "b", "3"));
        fifo.resync();
        List<List<String>> popped = List.of(summary(pop()), summary(pop()));
        assertThat(popped).containsExactlyInAnyOrder(List.of("UPDATED 3"), List.of("SYNC 1"));
    }

    @Test
    @DisplayName("close wakes a waiting pop, which then returns false")
    void close() throws Exception {
        Thread closer = new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException ignored) {
                // closing anyway
            }
            fifo.close();
        });
        closer.start();
        assertThat(fifo.pop(Duration.ofSeconds(30), d -> { })).isFalse();
        closer.join();
    }
}
