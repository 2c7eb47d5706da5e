package io.rvlab.ch05.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.cache.ObjectKeys;
import io.rvlab.ch05.cache.ResourceEventHandler;
import io.rvlab.ch05.cache.SharedInformer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The shape of every Kubernetes controller: an informer's events put object keys into a
 * {@link WorkQueue}, and worker threads take keys out and {@link Reconciler#reconcile reconcile}
 * them. Events are only a wake-up call: a burst of changes to one object is one key in the queue
 * and one reconcile of its latest state. A failed reconcile goes back with a per-item backoff; a
 * successful one resets it. Workers start once the informer has synced, so a reconcile never
 * acts on a half-filled cache (client-go's {@code WaitForCacheSync}).
 *
 * <p>A controller made with the constructor leaves the informer to its owner (one informer can
 * feed several controllers); {@link #run} starts the informer too and closes it with the controller.
 */
public final class Controller implements AutoCloseable {

    private final String name;
    private final SharedInformer informer;
    private final Reconciler reconciler;
    private final int workers;
    private final WorkQueue<String> queue;
    private final boolean ownsInformer;
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicInteger reconciles = new AtomicInteger();
    private final AtomicInteger failures = new AtomicInteger();
    private final AtomicReference<Exception> lastError = new AtomicReference<>();
    private volatile boolean closed;

    public Controller(String name, SharedInformer informer, Reconciler reconciler, int workers) {
        this(name, informer, reconciler, workers, new WorkQueue<>(), false);
    }

    public Controller(String name, SharedInformer informer, Reconciler reconciler, int workers, WorkQueue<String> queue) {
        this(name, informer, reconciler, workers, queue, false);
    }

    private Controller(String name, SharedInformer informer, Reconciler reconciler, int workers,
            WorkQueue<String> queue, boolean ownsInformer) {
        if (workers < 1) {
            throw new IllegalArgumentException("a controller needs at least one worker, not " + workers);
        }
        this.name = name;
        this.informer = informer;
        this.reconciler = reconciler;
        this.workers = workers;
        this.queue = queue;
        this.ownsInformer = ownsInformer;
    }

    /** Starts {@code informer} and a controller on it with {@code workers} workers; closing the controller closes the informer. */
    public static Controller run(String name, SharedInformer informer, Reconciler reconciler, int workers) {
        Controller controller = new Controller(name, informer, reconciler, workers, new WorkQueue<>(), true);
        controller.start();
        informer.start();
        return controller;
    }

    // tag::controller[]
    /** Every event is just "look at this object again": its key goes into the queue. */
    private final class Enqueue implements ResourceEventHandler {
        @Override
        public void onAdd(ObjectNode object, boolean isInInitialList) {
            queue.add(ObjectKeys.of(object));
        }

        @Override
        public void onUpdate(ObjectNode oldObject, ObjectNode newObject) {
            queue.add(ObjectKeys.of(newObject));
        }

        @Override
        public void onDelete(Object objectOrTombstone) {
            queue.add(ObjectKeys.of(objectOrTombstone)); // the reconcile finds it gone from the cache
        }
    }

    private void work() throws InterruptedException {
        while (!closed && !informer.waitForSync(Duration.ofSeconds(1))) {
            // never act on a cache that does not hold the whole list yet
        }
        while (true) {
            String key = queue.get(); // one worker per key at a time
            if (key == null) {
                return; // shut down
            }
            try {
                if (!closed) {
                    reconciler.reconcile(key);
                    reconciles.incrementAndGet();
                    queue.forget(key); // success: its next failure starts at the shortest backoff
                }
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                failures.incrementAndGet();
                lastError.set(e);
                queue.addRateLimited(key); // try again later, 5 ms, 10 ms, 20 ms, ... per key
            } finally {
                queue.done(key); // if it changed meanwhile, it is queued again now
            }
        }
    }
    // end::controller[]

    /** Registers the informer handler and starts the workers (they wait for the informer to sync). */
    public synchronized Controller start() {
        if (!threads.isEmpty()) {
            throw new IllegalStateException(name + " is already started");
        }
        informer.addEventHandler(new Enqueue());
        for (int i = 0; i < workers; i++) {
            Thread thread = new Thread(() -> {
                try {
                    work();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, name + "-worker-" + i);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        return this;
    }

    public String name() {
        return name;
    }

    public SharedInformer informer() {
        return informer;
    }

    public WorkQueue<String> queue() {
        return queue;
    }

    /** Reconciles that returned normally so far. */
    public int reconciles() {
        return reconciles.get();
    }

    /** Reconciles that threw (each sent its key back with a backoff). */
    public int failures() {
        return failures.get();
    }

    /** The last reconcile error, or null. */
    public Exception lastError() {
        return lastError.get();
    }

    /** Nothing queued, waiting for a backoff, or being reconciled: what a test waits for before asserting quiet. */
    public boolean isIdle() {
        return queue.isIdle();
    }

    /** Stops taking work; a reconcile under way finishes. Closes the informer if {@link #run} started it. */
    @Override
    public void close() {
        closed = true;
        queue.shutDown();
        List<Thread> started;
        synchronized (this) {
            started = new ArrayList<>(threads);
        }
        for (Thread thread : started) {
            try {
                thread.join(Duration.ofSeconds(30).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (ownsInformer) {
            informer.close();
        }
    }
}
