package io.rvlab.ch04.watch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A listener that keeps what a watch delivered, so a test can wait for it. */
final class EventRecorder implements WatchListener {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final List<WatchEvent> events = new ArrayList<>();
    private RuntimeException error;

    @Override
    public synchronized void onEvent(WatchEvent event) {
        events.add(event);
        notifyAll();
    }

    @Override
    public synchronized void onError(RuntimeException error) {
        this.error = error;
        notifyAll();
    }

    /** Waits for at least {@code count} events and returns them all; fails on a watch error. */
    synchronized List<WatchEvent> await(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (events.size() < count && error == null) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("expected " + count + " events, got " + events);
            }
            wait(Math.max(1, left / 1_000_000));
        }
        if (error != null) {
            throw new AssertionError("the watch failed", error);
        }
        return List.copyOf(events);
    }

    /** Waits for the watch to fail and returns why. */
    synchronized RuntimeException awaitError() throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (error == null) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("expected the watch to fail, got " + events);
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return error;
    }

    synchronized List<WatchEvent> events() {
        return List.copyOf(events);
    }
}
