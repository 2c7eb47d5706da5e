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

/**
 * <b>Exercise 5.2: DeltaFIFO's Replace, with tombstones.</b> Reference answer.
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
 * <p>Grade it with {@code ./course grade 5 --exercise 5.2}; the specification is {@code
 * DeltaQueueTest}, whose last test runs your queue under a real reflector through a network cut long
 * enough to end in 410 and a relist, and lets the informer history checker judge.
 */
public final class DeltaQueue extends DeltaFIFO {

    /** @param knownObjects the consumer's cache (the informer's indexer); may be null for a bare queue */
    public DeltaQueue(Indexer knownObjects) {
        super(knownObjects);
    }

    // tag::replace[]
    /**
     * A relist: REPLACED for every listed item (client-go with {@code EmitDeltaTypeReplaced}), then a
     * DELETED tombstone for every key that is still queued, or that the consumer knows, but the list no
     * longer has: deletions the watch missed while it was down. A queued key's newest state beats the
     * consumer's, and {@link #getByKey} already unwraps a queued tombstone. The first replace defines
     * the initial population {@link #hasSynced} waits for. {@code resourceVersion} is not needed here.
     */
    @Override
    public void replace(List<ObjectNode> list, String resourceVersion) {
        locked(() -> {
            Set<String> listed = new HashSet<>();
            for (ObjectNode object : list) {
                listed.add(ObjectKeys.of(object));
                queue(DeltaType.REPLACED, object);
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
                if (last.isPresent()) { // else the consumer deleted it meanwhile
                    queue(DeltaType.DELETED, new DeletedFinalStateUnknown(key, last.get()));
                    deletions++;
                }
            }
            initialPopulation(listed.size() + deletions);
        });
    }

    /** A SYNC for every key the consumer knows and has nothing queued (queued deltas are newer). */
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
