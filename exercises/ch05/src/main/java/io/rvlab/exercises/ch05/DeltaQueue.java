package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.cache.DeletedFinalStateUnknown;
import io.rvlab.ch05.cache.DeltaFIFO;
import io.rvlab.ch05.cache.Indexer;
import java.util.List;

/**
 * <b>Exercise 5.2: DeltaFIFO's Replace, with tombstones.</b>
 *
 * <p>The queue between a reflector and an informer (client-go's {@code DeltaFIFO}): the reflector's
 * writes become {@link io.rvlab.ch05.cache.Delta}s, kept per key in arrival order; keys leave the queue
 * in the order they first entered it, and popping a key hands over all its deltas at once.
 * {@link #knownObjects()} is the informer's indexer: what the consumer has already processed. Adding,
 * updating, deleting and popping are the course's {@link DeltaFIFO}, which this class extends; you write
 * the two operations that do not come from a watch event. What you may use of the queue: {@link #locked}
 * (its lock), {@link #queue} (queue one delta), {@link #initialPopulation} (what {@link #hasSynced}
 * waits for), and what any reader sees ({@link #listKeys}, {@link #deltas}, {@link #getByKey}).
 *
 * <p>{@link #replace}: a relist. While the watch was down, objects may have been deleted, and their
 * DELETED events are lost for good: the new list simply lacks them. The informer's handlers must still
 * hear of every deletion (a controller that never learns a Pod is gone leaks whatever it made for
 * it), and the only state left to hand them is the last one the client knew: that is what a
 * {@link DeletedFinalStateUnknown} carries. {@link #resync}: re-deliver what the consumer knows
 * without asking the server anything.
 *
 * <p>Given (package {@code io.rvlab.ch05.cache}): {@code DeltaFIFO}, {@code Delta}, {@code DeltaType},
 * {@code DeletedFinalStateUnknown}, {@code Indexer}, {@code ObjectKeys}. Refused: handing the work to
 * the course's own {@code DeltaFIFO#replace} or {@code #resync} ({@code super.replace}; a test reads
 * your class file). Grade it with {@code ./course grade 5 --exercise 5.2}; the specification is {@code
 * DeltaQueueTest}, whose last test runs your queue under a real reflector through a cut that ends in 410.
 */
public final class DeltaQueue extends DeltaFIFO {

    /** @param knownObjects the consumer's cache (the informer's indexer); may be null for a bare queue */
    public DeltaQueue(Indexer knownObjects) {
        super(knownObjects);
    }

    // tag::signature[]
    /**
     * A relist: {@code list} is the collection's whole content at {@code resourceVersion}. Afterwards:
     * <ul>
     *   <li>every listed object has a REPLACED delta queued after its key's other deltas;</li>
     *   <li>every key the consumer knows, or that has deltas queued, but that the list lacks, ends with
     *       one DELETED delta whose object is a {@link DeletedFinalStateUnknown}: the key, and the newest
     *       state the client has of it (a queued one is newer than the consumer's); never a tombstone
     *       inside a tombstone, never two deletions in a row;</li>
     *   <li>keys already queued keep their place in the queue; new keys join at its tail;</li>
     *   <li>the first replace of a queue that has never held anything defines the initial population:
     *       {@link #hasSynced} turns true once every key it queued (deletions included) has been
     *       popped, and those pops are told {@code isInInitialList}.</li>
     * </ul>
     * {@code resourceVersion} itself is not needed here.
     */
    @Override
    public void replace(List<ObjectNode> list, String resourceVersion) {
        throw new UnsupportedOperationException("TODO exercise 5.2");
    }

    /**
     * A periodic resync: a SYNC delta, carrying the consumer's state, for every key the consumer
     * knows, except keys that already have deltas queued (those will reach the handlers anyway, and
     * newer). Never a request to the server: a resync is not a relist.
     */
    @Override
    public void resync() {
        throw new UnsupportedOperationException("TODO exercise 5.2");
    }
    // end::signature[]
}
