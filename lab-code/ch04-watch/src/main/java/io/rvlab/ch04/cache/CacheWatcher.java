package io.rvlab.ch04.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.storage.ObjectFilter;
import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One watcher of a {@link WatchCache} (apiserver cacher's {@code cacheWatcher}): its filter, its
 * own queue of events, and how far it has got.
 *
 * <p>The cache puts events in ({@link #deliver}) without ever waiting, so one slow watcher cannot
 * hold back the others; a watcher that falls {@link #MAX_BEHIND} events behind is ended, and its
 * client resumes from the last resourceVersion it saw, as it would after any dropped connection.
 * The consumer (an HTTP stream, a lab, a benchmark) takes events out with {@link #next}, waiting;
 * or, registered with {@link #onReady}, is woken when there is something to take, so a thousand
 * watchers need no thousand threads waiting.
 */
public final class CacheWatcher implements EventFeed {

    /** How many undelivered events a watcher may have before the cache gives up on it. */
    public static final int MAX_BEHIND = 10_000;

    private final WatchOptions options;
    private final Runnable unregister;
    private final long deadline; // System.nanoTime() value, or Long.MAX_VALUE
    private final LinkedBlockingQueue<EncodedEvent> queue = new LinkedBlockingQueue<>();
    private volatile long sentResourceVersion;  // the newest revision this watcher has been given
    private volatile long startResourceVersion; // events at or before this are not for this watcher
    private volatile boolean closed;   // stop now, drop what is queued
    private volatile boolean complete; // nothing more will be queued: stop once the queue is empty
    private long nextBookmark;         // System.nanoTime() value; the cache's ticker reads and writes it
    private volatile Runnable wake = () -> { };
    private volatile ScheduledFuture<?> timeout;

    /** One daemon thread for every watcher's timeoutSeconds: it only wakes the reader, who ends the watch. */
    private static final ScheduledExecutorService TIMEOUTS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "rvlab-watch-timeouts");
        thread.setDaemon(true);
        return thread;
    });

    CacheWatcher(WatchOptions options, Runnable unregister) {
        this.options = options;
        this.unregister = unregister;
        long now = System.nanoTime();
        this.deadline = options.timeout() == null ? Long.MAX_VALUE : now + options.timeout().toNanos();
    }

    public WatchOptions options() {
        return options;
    }

    // tag::next[]
    /**
     * The next event, waiting up to {@code wait} (never past the watch's timeout). Null if none
     * came in time, or if the watch has ended ({@link #ended()} then says so).
     */
    public WatchEvent next(Duration wait) throws InterruptedException {
        EncodedEvent event = nextEncoded(wait);
        return event == null ? null : event.event();
    }

    /** As {@link #next}, with the event's wire form; for the HTTP stream. */
    @Override
    public EncodedEvent nextEncoded(Duration wait) throws InterruptedException {
        if (closed) {
            return null;
        }
        long now = System.nanoTime();
        long waitNanos = Math.min(wait.toNanos(), deadline - now);
        EncodedEvent event = waitNanos > 0 ? queue.poll(waitNanos, TimeUnit.NANOSECONDS) : queue.poll();
        if (event == null && System.nanoTime() - deadline >= 0) {
            close(); // timeoutSeconds: the server simply ends the stream, no ERROR event
        }
        return closed ? null : event;
    }
    // end::next[]

    /** Whether there is an event ready to take without waiting: the HTTP stream flushes when there is not. */
    @Override
    public boolean hasReadyEvent() {
        return !queue.isEmpty();
    }

    @Override
    public void onReady(Runnable wake) {
        this.wake = wake;
        if (deadline != Long.MAX_VALUE) {
            timeout = TIMEOUTS.schedule(wake, Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
        if (!queue.isEmpty() || ended()) {
            wake.run();
        }
    }

    /** Whether the watch is over: closed, timed out, failed, or cut off by the cache. */
    @Override
    public boolean ended() {
        return closed || (complete && queue.isEmpty());
    }

    /** The newest resourceVersion this watcher has been given (by an event or a bookmark). */
    public long resourceVersion() {
        return sentResourceVersion;
    }

    @Override
    public void close() {
        closed = true;
        queue.clear();
        ScheduledFuture<?> pending = timeout;
        if (pending != null) {
            pending.cancel(false);
        }
        unregister.run();
    }

    // ---- called by the WatchCache, under its lock ----

    /** The events before live ones: synthetic ADDEDs for a watch from "0", or the window's replay. */
    void startAt(long resourceVersion) {
        this.startResourceVersion = resourceVersion;
        this.sentResourceVersion = Math.max(sentResourceVersion, resourceVersion);
    }

    void initial(EncodedEvent event) {
        queue.add(event);
        wake.run();
    }

    /** Ends the watch with one ERROR event carrying {@code status} (kube-apiserver's {@code newErrWatcher}). */
    void fail(Status status) {
        queue.add(new EncodedEvent(new WatchEvent(WatchEvent.Type.ERROR, status.toJson())));
        complete = true;
        wake.run();
    }

    /** Ends the watch after what is queued: the cache had to relist, or is closing. */
    void finish() {
        complete = true;
        wake.run();
    }

    // tag::deliver[]
    /**
     * Offers one change to this watcher, as its selector sees it. Returns false if the watcher
     * is over (or has just been cut off for falling behind) and should be forgotten.
     */
    boolean deliver(WatchCacheEvent change) {
        if (closed || complete) {
            return false;
        }
        if (change.resourceVersion() <= startResourceVersion) {
            return true; // a watch from a future resourceVersion waits for changes after it
        }
        EncodedEvent event = visible(change);
        if (event == null) {
            return true;
        }
        if (queue.size() >= MAX_BEHIND) {
            closed = true; // too slow: end the stream; the client resumes from what it has seen
            queue.clear();
            wake.run();
            return false;
        }
        queue.add(event);
        sentResourceVersion = change.resourceVersion();
        wake.run();
        return true;
    }

    /**
     * The event this watcher sees for a change, or null (apiserver cacher's
     * {@code convertToWatchEvent}). With a selector, an object that starts matching is ADDED,
     * one that stops matching is DELETED (its old state, at the change's revision), and one that
     * never matched is not seen at all.
     */
    EncodedEvent visible(WatchCacheEvent change) {
        boolean deleted = change.type() == WatchEvent.Type.DELETED;
        boolean matchesNow = !deleted && matches(change.object());
        boolean matchedBefore = deleted ? matches(change.object())
                : change.previous() != null && matches(change.previous());
        if (matchesNow && matchedBefore) {
            return change.event();                                   // MODIFIED
        } else if (matchesNow) {
            return change.type() == WatchEvent.Type.ADDED ? change.event()
                    : new EncodedEvent(new WatchEvent(WatchEvent.Type.ADDED, change.object()));
        } else if (matchedBefore) {
            if (deleted) {
                return change.event();
            }
            ObjectNode last = change.previous().deepCopy();
            ((ObjectNode) last.get("metadata")).put("resourceVersion", Long.toString(change.resourceVersion()));
            return new EncodedEvent(new WatchEvent(WatchEvent.Type.DELETED, last));
        }
        return null;
    }
    // end::deliver[]

    boolean matches(ObjectNode object) {
        String namespace = options.namespace();
        if (!namespace.isEmpty() && !namespace.equals(object.path("metadata").path("namespace").asText())) {
            return false;
        }
        ObjectFilter filter = options.filter();
        return filter.matchesEverything() || filter.matches(object);
    }

    /** Queues a BOOKMARK if the cache has got further than this watcher; never waits, never cuts off. */
    void bookmark(ObjectNode object, long resourceVersion) {
        if (closed || complete || resourceVersion <= sentResourceVersion || queue.size() >= MAX_BEHIND) {
            return;
        }
        queue.add(new EncodedEvent(new WatchEvent(WatchEvent.Type.BOOKMARK, object)));
        sentResourceVersion = resourceVersion;
        wake.run();
    }

    long deadline() {
        return deadline;
    }

    long nextBookmark() {
        return nextBookmark;
    }

    void scheduleBookmark(long at) {
        this.nextBookmark = at;
    }
}
