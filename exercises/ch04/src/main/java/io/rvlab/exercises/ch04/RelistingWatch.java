package io.rvlab.exercises.ch04;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch04.watch.StorageWatch;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.Map;
import java.util.function.Consumer;

/**
 * <b>Exercise 4.4: recover from 410 Expired by relisting.</b>
 *
 * <p>A watch can only resume from a resourceVersion that is still in etcd's history. Once etcd has
 * been compacted past it (kube-apiserver compacts every 5 minutes), the watch fails with 410 Expired:
 * the changes in between are gone, and with them every delete the consumer missed. client-go's
 * reflector then lists the collection again and hands the list to its store's {@code Replace}; a
 * consumer learns about objects that vanished meanwhile through a DELETED carrying the last state it
 * knew (client-go's {@code DeletedFinalStateUnknown}). This class is that consumer's side for one
 * collection: a local store, name to object, that a handler hears about change by change.
 *
 * <p>The contract:
 * <ul>
 *   <li>while the history is there, every change of the collection after {@code resourceVersion}
 *       reaches the handler once, in order, and the store follows it;</li>
 *   <li>when the start is compacted away (a {@link StorageWatch} reports it to its listener's
 *       {@code onError} as an {@code io.rvlab.ch01.CompactedRevisionException}), the store becomes
 *       the collection as it is now, and the handler hears only the difference with what the store
 *       held, one ADDED, MODIFIED or DELETED per object that differs (a DELETED carries the store's
 *       last state of the object), and no ERROR. Each object's resourceVersion is its key's
 *       {@code mod_revision}. Kubernetes tells objects apart by {@code metadata.uid}, not by name: the
 *       handler hears what a watch that never broke would have told it about an object deleted and
 *       created again under its name meanwhile;</li>
 *   <li>after that, no later change is missed or repeated, even one written while your code is
 *       still handing the difference to the handler;</li>
 *   <li>{@link #close()} may be called from any thread at any moment, also while the handler is busy
 *       with an event. It returns promptly (within a few hundred milliseconds even then), and once it
 *       has returned nothing more reaches the handler.</li>
 * </ul>
 *
 * <p>Two facts of the given {@link StorageWatch} (see {@code WatchListener}) constrain you: its
 * listener is called on etcd's client thread while the StorageWatch holds its own lock, and its
 * {@code close()} needs that same lock. Nothing that waits for etcd, or for another thread that may be
 * waiting for that lock, may run there.
 */
public final class RelistingWatch implements AutoCloseable {

    // tag::signature[]
    /**
     * Starts watching {@code collection} from {@code resourceVersion}, with a store that holds
     * {@code known}: what the consumer had at that resourceVersion.
     *
     * @param resourceVersion a specific resourceVersion "N" (N &gt; 0), possibly compacted already
     * @param known the consumer's objects at {@code resourceVersion}, by {@code metadata.name}
     * @param handler receives every change to the store, one call at a time
     */
    public RelistingWatch(Client client, RegistryPrefix collection, String resourceVersion,
            Map<String, ObjectNode> known, Consumer<WatchEvent> handler) {
        throw new UnsupportedOperationException("TODO exercise 4.4");
    }

    /** A copy of the store now: {@code metadata.name} to object. */
    public Map<String, ObjectNode> store() {
        throw new UnsupportedOperationException("TODO exercise 4.4");
    }

    /** Stops watching; once it returns, nothing more reaches the handler, and no new watch or relist starts. */
    @Override
    public void close() {
        throw new UnsupportedOperationException("TODO exercise 4.4");
    }
    // end::signature[]
}
