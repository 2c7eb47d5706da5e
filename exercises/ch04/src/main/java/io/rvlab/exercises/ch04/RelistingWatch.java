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
 * the changes in between are gone, and with them every DELETE the consumer missed. client-go's
 * reflector then lists the collection again at the latest revision and hands the list to its
 * store's {@code Replace}: objects that are new or changed are updated, and objects the store
 * still holds but the list no longer has were deleted meanwhile, so they are removed with a
 * DELETED notification (client-go's {@code DeletedFinalStateUnknown}: the last state the consumer
 * knew). Then it watches again from the list's resourceVersion, so nothing written after the list
 * is missed.
 *
 * <p>This class keeps a local store (name to object) for one collection and tells a handler every
 * change to it:
 * <ul>
 *   <li>watch from {@code resourceVersion} with a {@link StorageWatch} (given: it delivers
 *       ADDED/MODIFIED/DELETED in order, and reports a compacted start to
 *       {@code WatchListener.onError} as an {@code io.rvlab.ch01.CompactedRevisionException});
 *       apply each event to the store (DELETED removes, the others put) and hand it on;</li>
 *   <li>on a {@code CompactedRevisionException}: list every key under {@code collection.path()}
 *       (one etcd range read; its header's revision is the list's resourceVersion; each object's
 *       resourceVersion is its key's {@code mod_revision}); hand on DELETED (the object as the store
 *       had it) for every name the list lacks, ADDED for every name the store lacks, MODIFIED for
 *       every object whose resourceVersion changed, nothing for the unchanged ones; make the list the
 *       store; then watch again from the list's revision. No ERROR reaches the handler;</li>
 *   <li>after {@link #close()}: nothing more reaches the handler.</li>
 * </ul>
 *
 * <p>Useful calls: {@code new StorageWatch(client, new Versioner(), collection, rv, listener)};
 * {@code client.getKVClient().get(prefixBytes, GetOption.builder().isPrefix(true).build())};
 * {@code GetResponse.getHeader().getRevision()}, {@code getKvs()}; {@code GoJson.read(bytes)} and
 * {@code new Versioner().updateObject(object, modRevision)} (chapter 2). Grade it with
 * {@code ./course grade 4 --exercise 4.4}; the specification is {@code RelistingWatchTest}.
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
        throw new UnsupportedOperationException("TODO exercise 4.4: store = known; watch with a StorageWatch; on"
                + " CompactedRevisionException list at the latest revision, replace the store (DELETED for vanished"
                + " objects), watch again from the list's revision");
    }

    /** A copy of the store now: {@code metadata.name} to object. */
    public Map<String, ObjectNode> store() {
        throw new UnsupportedOperationException("TODO exercise 4.4: a copy of the store");
    }

    /** Stops watching; nothing more reaches the handler. */
    @Override
    public void close() {
        throw new UnsupportedOperationException("TODO exercise 4.4: close the current StorageWatch");
    }
    // end::signature[]
}
