package io.rvlab.ch04.guarantees;

import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch04.watch.WatchListener;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Turns a watch that pushes (a {@link WatchListener}, called on etcd's client threads) into an
 * {@link EventStream} that a watcher's own thread pulls from, through an unbounded queue in
 * delivery order. The error that ends the push side can become one last event (for example the
 * ERROR 410 for a compacted start) before the stream reports {@link #ended()}.
 *
 * <p>Its lock guards only its own fields, and no call out (to the push side) is made while holding
 * it, so the push side may call in while holding its own lock.
 */
public final class QueuedEventStream implements EventStream, WatchListener {

    private final BlockingQueue<WatchEvent> queue = new LinkedBlockingQueue<>();
    private final Function<RuntimeException, WatchEvent> lastEvent;
    private volatile AutoCloseable underlying = () -> { };
    private volatile String endReason = "";

    /** A stream that just ends when the push side fails or finishes. */
    public QueuedEventStream() {
        this(error -> null);
    }

    /** @param lastEvent the event an error turns into, or null for none (the stream just ends) */
    public QueuedEventStream(Function<RuntimeException, WatchEvent> lastEvent) {
        this.lastEvent = lastEvent;
    }

    /** What {@link #close()} closes: the push-side watch. */
    public QueuedEventStream closing(AutoCloseable watch) {
        this.underlying = watch;
        return this;
    }

    @Override
    public void onEvent(WatchEvent event) {
        if (endReason.isEmpty()) {
            queue.add(event);
        }
    }

    @Override
    public synchronized void onError(RuntimeException error) {
        if (!endReason.isEmpty()) {
            return;
        }
        WatchEvent last = lastEvent.apply(error);
        if (last != null) {
            queue.add(last);
        }
        endReason = "watch ended: " + error.getMessage();
    }

    @Override
    public WatchEvent next(Duration wait) throws InterruptedException {
        WatchEvent event = queue.poll();
        if (event != null || ended()) {
            return event;
        }
        return queue.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Ended, and every queued event taken. */
    @Override
    public boolean ended() {
        return !endReason.isEmpty() && queue.isEmpty();
    }

    @Override
    public String endReason() {
        return endReason;
    }

    /**
     * Disconnects. The push-side watch is closed outside this stream's lock: that watch may be
     * inside {@link #onError} on its own thread, holding its lock while it waits for ours
     * (StorageWatch calls its listener under its lock), and closing it under ours would deadlock.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (endReason.isEmpty()) {
                endReason = "closed by the watcher";
            }
            queue.clear();
        }
        try {
            underlying.close();
        } catch (Exception e) {
            // Closing a watch that already failed; nothing left to release.
        }
    }
}
