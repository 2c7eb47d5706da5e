package io.rvlab.ch05.cache;

import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/** Every step a reflector reports, as lines ("list rv=\"0\" -> 12 (3 items)", "watch from 12", ...). */
final class RecordingListener implements ReflectorListener {

    private final List<String> steps = new ArrayList<>();

    synchronized List<String> steps() {
        return List.copyOf(steps);
    }

    synchronized List<String> steps(String prefix) {
        return steps.stream().filter(s -> s.startsWith(prefix)).toList();
    }

    private synchronized void add(String step) {
        steps.add(step);
    }

    @Override
    public void listed(ListOptions options, String resourceVersion, int items) {
        add("list rv=\"" + options.resourceVersion() + "\" -> " + resourceVersion + " (" + items + " items)");
    }

    @Override
    public void listFailed(ListOptions options, Throwable cause) {
        add("list failed rv=\"" + options.resourceVersion() + "\": " + ReflectorErrors.describe(cause));
    }

    @Override
    public void initialEventsEnded(String resourceVersion, int items) {
        add("initial events end " + resourceVersion + " (" + items + " items)");
    }

    @Override
    public void watchStarted(WatchListOptions options) {
        add((options.sendInitialEvents() ? "watch-list from \"" : "watch from \"") + options.resourceVersion() + "\"");
    }

    @Override
    public void event(WatchEvent event, String lastSyncResourceVersion) {
        add("event " + event.type() + " " + event.resourceVersion() + " -> lastSync " + lastSyncResourceVersion);
    }

    @Override
    public void watchEnded(String reason) {
        add("watch ended: " + reason);
    }

    @Override
    public void backoff(Duration pause, Throwable cause) {
        add("backoff: " + ReflectorErrors.describe(cause));
    }

    @Override
    public void resynced() {
        add("resync");
    }

    /** Waits (30 s at most) until some step matches. */
    void await(String what, Predicate<String> step) throws InterruptedException {
        awaitCondition(what, () -> steps().stream().anyMatch(step));
    }

    static void awaitCondition(String what, BooleanSupplier condition) throws InterruptedException {
        awaitCondition(what, condition, () -> "");
    }

    /** Waits (30 s at most) for {@code condition}; on timeout the failure shows {@code context}. */
    static void awaitCondition(String what, BooleanSupplier condition, java.util.function.Supplier<Object> context)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "\n" + context.get());
            }
            Thread.sleep(20);
        }
    }
}
