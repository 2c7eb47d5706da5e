package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.cache.DeletedFinalStateUnknown;
import io.rvlab.ch05.cache.DeltaFIFO;
import io.rvlab.ch05.cache.DeltaType;
import io.rvlab.ch05.cache.Indexer;
import io.rvlab.ch05.cache.ObjectKeys;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * <b>Exercise 5.2: DeltaFIFO's Replace, with tombstones, behind a transformer.</b> Reference answer.
 *
 * <p>The queue between a reflector and an informer, configured as client-go's {@code DeltaFIFO} is
 * by {@code NewDeltaFIFOWithOptions} with a {@code Transformer} and without {@code EmitDeltaTypeReplaced}
 * (k8s.io/client-go/tools/cache/delta_fifo.go, DeltaFIFOOptions): a relist's items are queued as SYNC,
 * the same type a resync queues, and every object the server sends passes through the transformer
 * once, before anything else sees it (client-go 1.27 moved the transform into the queue; 1.31 stopped
 * it re-transforming SYNC objects, which is why the queue tells a relist's items, fresh from the
 * server, from a resync's, already transformed, by where they come from and not by their delta type).
 * A tombstone carries a state the client already holds, so it never goes through the transformer again.
 *
 * <p>Grade it with {@code ./course grade 5 --exercise 5.2}; the specification is {@code
 * DeltaQueueTest}, whose last test runs your queue under a real reflector through a network cut long
 * enough to end in 410 and a relist, and lets the informer history checker judge.
 */
public final class DeltaQueue extends TransformingDeltaFIFO {


    /** @param knownObjects the consumer's cache (the informer's indexer); may be null for a bare queue */
    public DeltaQueue(Indexer knownObjects) {
        this(knownObjects, UnaryOperator.identity());
    }

    /**
     * @param knownObjects the consumer's cache (the informer's indexer); may be null for a bare queue
     * @param transformer  client-go's {@code TransformFunc}: applied once to every object from the server
     */
    public DeltaQueue(Indexer knownObjects, UnaryOperator<ObjectNode> transformer) {
        super(knownObjects, transformer);
    }


    // tag::replace[]
    /**
     * A relist: SYNC for every listed item, transformed (client-go without {@code EmitDeltaTypeReplaced}:
     * the emitted type is SYNC, but these objects are new from the server), then a DELETED tombstone
     * for every key that is still queued, or that the consumer knows, but the list no longer has:
     * deletions the watch missed while it was down. A queued key's newest state beats the
     * consumer's, and {@link #getByKey} already unwraps a queued tombstone. The first replace defines
     * the initial population {@link #hasSynced} waits for. {@code resourceVersion} is not needed here.
     */
    @Override
    public void replace(List<ObjectNode> list, String resourceVersion) {
        locked(() -> {
            Set<String> listed = new HashSet<>();
            for (ObjectNode object : list) {
                listed.add(ObjectKeys.of(object));
                queue(DeltaType.SYNC, transformed(object));
            }
            Set<String> gone = new LinkedHashSet<>(listKeys()); // queued first: their state is the newest
            Indexer known = knownObjects();
            if (known != null) {
                gone.addAll(known.listKeys());
            }
            gone.removeAll(listed);
            int deletions = 0;
            for (String key : gone) {
                Optional<ObjectNode> last = getByKey(key).or(() -> known == null ? Optional.empty() : known.getByKey(key));
                if (last.isPresent()) { // else the consumer deleted it meanwhile; either state is already transformed
                    queue(DeltaType.DELETED, new DeletedFinalStateUnknown(key, last.get()));
                    deletions++;
                }
            }
            initialPopulation(listed.size() + deletions);
        });
    }

    /**
     * A SYNC for every key the consumer knows and has nothing queued (queued deltas are newer). The
     * consumer's objects went through the transformer when they arrived: not again.
     */
    @Override
    public void resync() {
        Indexer known = knownObjects();
        if (known == null) {
            return;
        }
        locked(() -> {
            for (String key : known.listKeys()) {
                if (deltas(key).isEmpty()) {
                    known.getByKey(key).ifPresent(object -> queue(DeltaType.SYNC, object));
                }
            }
        });
    }
    // end::replace[]
}
