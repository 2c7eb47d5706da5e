package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The queue between a {@link Reflector} and an informer (client-go's {@code DeltaFIFO}): the
 * reflector's writes become {@link Delta}s, kept per key in arrival order, and keys leave the queue
 * in the order they first entered it. Popping a key hands over ALL its deltas at once, so a
 * consumer that fell behind sees every step (ADDED then UPDATED then DELETED), not only the last.
 *
 * <p>{@code knownObjects} is the informer's indexer: what the consumer has already processed. A
 * {@link #replace relist} compares the new list with it (and with what is still queued) to find
 * the deletions the watch missed, and {@link #resync} re-delivers it.
 *
 * <p>Newer client-go replaces this queue with {@code RealFIFO} (feature InOrderInformers, on by
 * default from 1.33), which keeps one entry per event in global order instead of grouping per key;
 * the course builds the DeltaFIFO, which most informers in the field still ran for a decade.
 *
 * <p>Not final for one reason: exercise 5.2 ({@code exercises/ch05}, {@code DeltaQueue}) writes
 * {@link #replace} and {@link #resync} again on this very queue, through the protected seams at the end
 * of this class, so the queue's bookkeeping (ordering, deduplication, pop, hasSynced) exists once.
 */
public class DeltaFIFO implements Store {

    /** Handles one key's deltas; {@code isInInitialList} while the first replace's items are being popped. */
    @FunctionalInterface
    public interface PopProcess {
        void process(List<Delta> deltas, boolean isInInitialList);
    }

    private final Indexer knownObjects;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final Map<String, List<Delta>> items = new HashMap<>();
    private final Deque<String> queue = new ArrayDeque<>();
    /** A replace or an add/update/delete happened: the queue holds (or held) a first state. */
    private boolean populated;
    /** How many keys of the first replace are still to be popped. */
    private int initialPopulationCount;
    private boolean closed;

    /** @param knownObjects the consumer's cache (the informer's indexer); may be null for a bare queue */
    public DeltaFIFO(Indexer knownObjects) {
        this.knownObjects = knownObjects;
    }

    @Override
    public void add(ObjectNode object) {
        withLock(() -> {
            populated = true;
            queueAction(DeltaType.ADDED, object);
        });
    }

    @Override
    public void update(ObjectNode object) {
        withLock(() -> {
            populated = true;
            queueAction(DeltaType.UPDATED, object);
        });
    }

    /**
     * Queues a DELETED, unless neither the queue nor {@code knownObjects} know the key: deleting
     * what the consumer never saw would only hand it a deletion of nothing.
     */
    @Override
    public void delete(ObjectNode object) {
        withLock(() -> {
            String key = ObjectKeys.of(object);
            populated = true;
            boolean queued = items.containsKey(key);
            boolean known = knownObjects != null && knownObjects.getByKey(key).isPresent();
            if (!queued && (knownObjects == null || !known)) {
                return;
            }
            queueAction(DeltaType.DELETED, object);
        });
    }

    // tag::delta-fifo-queue[]
    /** Appends a delta to the key's list; the key joins the queue's tail if it was not queued. */
    private void queueAction(DeltaType type, Object object) {
        String key = ObjectKeys.of(object);
        List<Delta> deltas = items.get(key);
        List<Delta> updated = deltas == null ? new ArrayList<>() : deltas;
        updated.add(new Delta(type, object));
        dedupDeletions(updated);
        if (deltas == null) {
            queue.addLast(key);
            items.put(key, updated);
        }
        notEmpty.signalAll();
    }

    /**
     * Two DELETEDs in a row say the same thing once: keep the one with the real last state (a
     * watch's DELETED) over a relist's tombstone, else the newer (client-go's {@code isDeletionDup}).
     */
    private static void dedupDeletions(List<Delta> deltas) {
        int n = deltas.size();
        if (n < 2) {
            return;
        }
        Delta previous = deltas.get(n - 2);
        Delta last = deltas.get(n - 1);
        if (previous.type() != DeltaType.DELETED || last.type() != DeltaType.DELETED) {
            return;
        }
        Delta keep = last.object() instanceof DeletedFinalStateUnknown ? previous : last;
        deltas.remove(n - 1);
        deltas.set(n - 2, keep);
    }
    // end::delta-fifo-queue[]

    // tag::delta-fifo-replace[]
    /**
     * A relist: REPLACED for every listed item (client-go with {@code EmitDeltaTypeReplaced}), then a
     * DELETED tombstone for every key the consumer knows, or that is still queued, but the list no
     * longer has: deletions the watch missed while it was down. The first replace defines the
     * initial population {@link #hasSynced} waits for. {@code resourceVersion} is not needed here.
     */
    @Override
    public void replace(List<ObjectNode> list, String resourceVersion) {
        withLock(() -> {
            Set<String> listed = new HashSet<>();
            for (ObjectNode object : list) {
                listed.add(ObjectKeys.of(object));
                queueAction(DeltaType.REPLACED, object);
            }
            int deletions = 0;
            for (String key : List.copyOf(items.keySet())) { // queued, maybe not yet known
                if (listed.contains(key)) {
                    continue;
                }
                List<Delta> deltas = items.get(key);
                Object newest = deltas.get(deltas.size() - 1).object();
                ObjectNode last = newest instanceof DeletedFinalStateUnknown t ? t.object() : (ObjectNode) newest;
                queueAction(DeltaType.DELETED, new DeletedFinalStateUnknown(key, last));
                deletions++;
            }
            if (knownObjects != null) {
                for (String key : knownObjects.listKeys()) { // known to the consumer, gone from the list
                    if (listed.contains(key) || items.containsKey(key)) {
                        continue;
                    }
                    Optional<ObjectNode> last = knownObjects.getByKey(key);
                    if (last.isEmpty()) {
                        continue; // deleted meanwhile
                    }
                    queueAction(DeltaType.DELETED, new DeletedFinalStateUnknown(key, last.get()));
                    deletions++;
                }
            }
            if (!populated) {
                populated = true;
                initialPopulationCount = listed.size() + deletions;
            }
        });
    }
    // end::delta-fifo-replace[]

    // tag::delta-fifo-resync[]
    /**
     * A SYNC for every key the consumer knows, skipping keys with deltas still queued (those will
     * reach the handlers anyway, newer). No request to the server: resync is not a relist.
     */
    @Override
    public void resync() {
        if (knownObjects == null) {
            return;
        }
        withLock(() -> {
            for (String key : knownObjects.listKeys()) {
                if (items.containsKey(key)) {
                    continue;
                }
                knownObjects.getByKey(key).ifPresent(object -> queueAction(DeltaType.SYNC, object));
            }
        });
    }
    // end::delta-fifo-resync[]

    // tag::delta-fifo-pop[]
    /** Waits up to {@code wait} for the oldest key's deltas; hands them to {@code process} (under the queue's pop lock). */
    public boolean pop(Duration wait, Consumer<List<Delta>> process) throws InterruptedException {
        return pop(wait, (deltas, initial) -> process.accept(deltas));
    }

    /**
     * As {@link #pop(Duration, Consumer)}, telling {@code process} whether these deltas belong to
     * the initial list (an informer's {@code onAdd(obj, isInInitialList)}). False if nothing came
     * within {@code wait} or the queue was {@link #close closed}.
     */
    public boolean pop(Duration wait, PopProcess process) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            long nanos = wait.toNanos();
            while (queue.isEmpty()) {
                if (closed || nanos <= 0) {
                    return false;
                }
                nanos = notEmpty.awaitNanos(nanos);
            }
            String key = queue.pollFirst();
            List<Delta> deltas = items.remove(key);
            boolean isInInitialList = !synced();
            if (initialPopulationCount > 0) {
                initialPopulationCount--;
            }
            // Processed under the lock, as client-go does: a replace() cannot slip in between
            // taking these deltas and the consumer's indexer reflecting them.
            process.process(List.copyOf(deltas), isInInitialList);
            return true;
        } finally {
            lock.unlock();
        }
    }
    // end::delta-fifo-pop[]

    /** The first replace() has been popped (or the queue was first filled by add/update/delete). */
    public boolean hasSynced() {
        lock.lock();
        try {
            return synced();
        } finally {
            lock.unlock();
        }
    }

    private boolean synced() {
        return populated && initialPopulationCount == 0;
    }

    /** Newest state of every queued key (a tombstone's last known state for deletions). */
    @Override
    public List<ObjectNode> list() {
        lock.lock();
        try {
            List<ObjectNode> objects = new ArrayList<>();
            for (String key : queue) {
                newest(items.get(key)).ifPresent(objects::add);
            }
            return objects;
        } finally {
            lock.unlock();
        }
    }

    /** The queued keys, oldest first. */
    @Override
    public List<String> listKeys() {
        lock.lock();
        try {
            return new ArrayList<>(queue);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Optional<ObjectNode> getByKey(String key) {
        lock.lock();
        try {
            List<Delta> deltas = items.get(key);
            return deltas == null ? Optional.empty() : newest(deltas);
        } finally {
            lock.unlock();
        }
    }

    /** The deltas queued for {@code key}, oldest first; empty if none. */
    public List<Delta> deltas(String key) {
        lock.lock();
        try {
            List<Delta> deltas = items.get(key);
            return deltas == null ? List.of() : List.copyOf(deltas);
        } finally {
            lock.unlock();
        }
    }

    /** Wakes waiting pops, which then return false; the queue takes no more pops after it is empty. */
    public void close() {
        withLock(() -> {
            closed = true;
            notEmpty.signalAll();
        });
    }

    private static Optional<ObjectNode> newest(List<Delta> deltas) {
        Object newest = deltas.get(deltas.size() - 1).object();
        return Optional.ofNullable(newest instanceof DeletedFinalStateUnknown t ? t.object() : (ObjectNode) newest);
    }

    // The seams of exercise 5.2: a subclass that writes replace() and resync() again calls queue() and
    // initialPopulation() inside locked(), as the two methods above do under withLock().

    /** Runs {@code action} under the queue's lock, the one pop() holds while the consumer processes a key. */
    protected final void locked(Runnable action) {
        withLock(action);
    }

    /**
     * Queues a delta as add, update and delete do: a queued key keeps its place, a new one joins the tail,
     * and a second deletion in a row is kept once (client-go's {@code queueActionLocked}). Only inside
     * {@link #locked}.
     */
    protected final void queue(DeltaType type, Object object) {
        queueAction(type, object);
    }

    /** The consumer's cache this queue was made with (the informer's indexer); null for a bare queue. */
    protected final Indexer knownObjects() {
        return knownObjects;
    }

    /**
     * The first replace of a queue that never held anything: {@link #hasSynced} turns true once
     * {@code count} keys have been popped (an informer's {@code HasSynced}). Ignored once the queue was
     * populated. Only inside {@link #locked}.
     */
    protected final void initialPopulation(int count) {
        if (!populated) {
            populated = true;
            initialPopulationCount = count;
        }
    }

    private void withLock(Runnable action) {
        lock.lock();
        try {
            action.run();
        } finally {
            lock.unlock();
        }
    }
}
