package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.cache.DeletedFinalStateUnknown;
import io.rvlab.ch05.cache.DeltaFIFO;
import io.rvlab.ch05.cache.Indexer;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * <b>Exercise 5.2: DeltaFIFO's Replace, with tombstones, behind a transformer.</b>
 *
 * <p>The queue between a reflector and an informer, as client-go's {@code DeltaFIFO} is configured with
 * a {@code Transformer} and without {@code EmitDeltaTypeReplaced}: the chapter's queue, with two
 * differences. A relist's items are queued as SYNC deltas, the type a resync queues too (the consumer
 * treats both alike: an update if it knows the key, else an add). And a transformer (client-go's {@code
 * TransformFunc}, typically dropping fields the controller never reads, such as managedFields, to save
 * memory) sees every object the server sends exactly once, before the queue or the consumer holds it;
 * what the client already holds has been through it and must not go through it again (a transformer
 * need not be idempotent, and it costs time on every object).
 *
 * <p>{@link #knownObjects()} is the informer's indexer: what the consumer has already processed. Adding,
 * updating, deleting and popping are the course's {@link DeltaFIFO}, through the given {@link
 * TransformingDeltaFIFO} this class extends (it passes the watch's events through the transformer, and
 * {@code transformed} is the transformer for you); you write the two operations that do not come from a
 * watch event. What you may use of the queue: {@link #locked} (its lock), {@link #queue}
 * (queue one delta), {@link #initialPopulation} (what {@link #hasSynced} waits for), and what any
 * reader sees ({@link #listKeys}, {@link #deltas}, {@link #getByKey}).
 *
 * <p>Given: {@code TransformingDeltaFIFO} (this package); in package {@code io.rvlab.ch05.cache}: {@code DeltaFIFO}, {@code Delta}, {@code DeltaType},
 * {@code DeletedFinalStateUnknown}, {@code Indexer}, {@code ObjectKeys}. Refused: handing the work to
 * the course's own {@code DeltaFIFO#replace} or {@code #resync} ({@code super.replace}; a test reads
 * your class file). Grade it with {@code ./course grade 5 --exercise 5.2}; the specification is {@code
 * DeltaQueueTest}, whose last test runs your queue under a real reflector through a cut that ends in 410.
 */
public final class DeltaQueue extends TransformingDeltaFIFO {


    /** @param knownObjects the consumer's cache (the informer's indexer); may be null for a bare queue */
    public DeltaQueue(Indexer knownObjects) {
        this(knownObjects, UnaryOperator.identity());
    }

    /**
     * @param knownObjects the consumer's cache (the informer's indexer); may be null for a bare queue
     * @param transformer  client-go's {@code TransformFunc}: to apply once to every object from the server
     */
    public DeltaQueue(Indexer knownObjects, UnaryOperator<ObjectNode> transformer) {
        super(knownObjects, transformer);
    }


    // tag::signature[]
    /**
     * A relist: {@code list} is the collection's whole content at {@code resourceVersion}, as the server
     * sent it. Afterwards:
     * <ul>
     *   <li>every listed object has a SYNC delta queued after its key's other deltas, holding what the
     *       transformer made of it;</li>
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
     * A periodic resync: a SYNC delta, carrying the consumer's state as the consumer holds it, for every
     * key the consumer knows, except keys that already have deltas queued (those will reach the handlers
     * anyway, and newer). Never a request to the server: a resync is not a relist.
     */
    @Override
    public void resync() {
        throw new UnsupportedOperationException("TODO exercise 5.2");
    }
    // end::signature[]
}
