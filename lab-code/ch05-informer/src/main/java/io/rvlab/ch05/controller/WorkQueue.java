package io.rvlab.ch05.controller;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A controller's queue of work items, usually object keys (client-go's rate-limited
 * {@code workqueue}). It is not a FIFO of events: it holds each item once however often it is
 * added, because a controller reconciles an object's current state, not each change to it.
 *
 * <ul>
 *   <li>{@link #add}: an item already waiting is not queued twice ("dirty" set).</li>
 *   <li>{@link #get} hands an item to one worker and marks it processing; until that worker calls
 *       {@link #done}, no other worker gets it, so one object is never reconciled twice at once.</li>
 *   <li>An item added while it is processing is remembered, and queued again at {@link #done}:
 *       the change that came during the reconcile is not lost.</li>
 *   <li>{@link #addRateLimited} re-adds a failed item after its own backoff ({@link RateLimiter});
 *       {@link #forget} resets that backoff after a success.</li>
 *   <li>{@link #shutDown}: no more adds; {@link #get} drains what is queued, then returns null.</li>
 * </ul>
 *
 * @param <T> the item type; equal items are the same item (use immutable keys)
 */
public final class WorkQueue<T> {

    private final RateLimiter<T> rateLimiter;
    private final ScheduledExecutorService delayed;
    private int waiting; // items scheduled by addAfter that have not been added yet
    // tag::work-queue[]
    private final Queue<T> queue = new ArrayDeque<>();  // the order to hand items out; each item once
    private final Set<T> dirty = new HashSet<>();       // items needing a reconcile (queued or to requeue)
    private final Set<T> processing = new HashSet<>();  // items a worker holds right now
    private boolean shuttingDown;

    public synchronized void add(T item) {
        if (shuttingDown || !dirty.add(item)) {
            return; // already waiting: one reconcile will see the latest state anyway
        }
        if (processing.contains(item)) {
            return; // a worker has it: done() queues it again, never two workers at once
        }
        queue.add(item);
        notify();
    }

    /** Blocks for the next item and marks it processing; null once shut down and drained. */
    public synchronized T get() throws InterruptedException {
        while (queue.isEmpty() && !shuttingDown) {
            wait();
        }
        T item = queue.poll();
        if (item == null) {
            return null;
        }
        processing.add(item);
        dirty.remove(item);
        return item;
    }

    /** The worker is finished with {@code item}; if it was added meanwhile, it is queued again now. */
    public synchronized void done(T item) {
        processing.remove(item);
        if (dirty.contains(item)) {
            queue.add(item);
            notify();
        }
    }
    // end::work-queue[]

    /** A queue with client-go's default per-item backoff (5 ms doubling to 1000 s). */
    public WorkQueue() {
        this(ItemExponentialFailureRateLimiter.clientGo());
    }

    public WorkQueue(RateLimiter<T> rateLimiter) {
        this.rateLimiter = rateLimiter;
        this.delayed = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "workqueue-delay");
            thread.setDaemon(true);
            return thread;
        });
    }

    // tag::rate-limited[]
    /** Adds {@code item} again after its backoff: a failed reconcile is retried later, not at once. */
    public void addRateLimited(T item) {
        addAfter(item, rateLimiter.when(item));
    }

    /** Stops counting {@code item}'s failures (call after a successful reconcile). */
    public void forget(T item) {
        rateLimiter.forget(item);
    }
    // end::rate-limited[]

    public int numRequeues(T item) {
        return rateLimiter.numRequeues(item);
    }

    /** Adds {@code item} once {@code delay} has passed (at once for zero or less). */
    public void addAfter(T item, Duration delay) {
        if (isShuttingDown()) {
            return;
        }
        if (delay.isZero() || delay.isNegative()) {
            add(item);
            return;
        }
        synchronized (this) {
            waiting++;
        }
        try {
            delayed.schedule(() -> {
                synchronized (this) {
                    waiting--;
                }
                add(item);
            }, delay.toNanos(), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            synchronized (this) {
                waiting--; // shut down meanwhile: dropped, as any add after shutDown
            }
        }
    }

    /** Items waiting to be handed out (not those being processed). */
    public synchronized int len() {
        return queue.size();
    }

    /** Nothing queued, nothing being processed, nothing waiting out a backoff. */
    public synchronized boolean isIdle() {
        return queue.isEmpty() && processing.isEmpty() && waiting == 0;
    }

    public synchronized boolean isShuttingDown() {
        return shuttingDown;
    }

    /** No more items are accepted; workers drain the queue, then {@link #get} returns null. */
    public void shutDown() {
        synchronized (this) {
            shuttingDown = true;
            notifyAll();
        }
        delayed.shutdownNow();
    }
}
