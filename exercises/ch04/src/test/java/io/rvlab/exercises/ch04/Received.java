package io.rvlab.exercises.ch04;

import io.rvlab.ch04.watch.WatchEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** A handler that keeps every event your code hands it, so a test can wait for them and check them. */
final class Received implements Consumer<WatchEvent> {

    private final List<WatchEvent> events = new ArrayList<>();

    @Override
    public synchronized void accept(WatchEvent event) {
        events.add(event);
        notifyAll();
    }

    /** Waits until an event with resourceVersion {@code rv} arrived, then returns everything received. */
    synchronized List<WatchEvent> awaitResourceVersion(long rv) throws InterruptedException {
        return awaitResourceVersion(rv, "");
    }

    /** Like {@link #awaitResourceVersion(long)}; {@code why} explains a failure. */
    synchronized List<WatchEvent> awaitResourceVersion(long rv, String why) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (events.stream().noneMatch(e -> e.resourceVersion().equals(Long.toString(rv)))) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("expected an event with resourceVersion " + rv + " within 10 s; received "
                        + summary(events) + (why.isEmpty() ? "" : ". " + why));
            }
            wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
        return List.copyOf(events);
    }

    /** Waits until at least {@code count} events arrived, then returns everything received. */
    synchronized List<WatchEvent> await(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (events.size() < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("expected " + count + " events within 10 s; received " + summary(events));
            }
            wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
        return List.copyOf(events);
    }

    synchronized List<WatchEvent> events() {
        return List.copyOf(events);
    }

    /** "TYPE name rv" per event, the way the assertions compare them. */
    static List<String> summary(List<WatchEvent> events) {
        return events.stream().map(Received::line).toList();
    }

    static String line(WatchEvent event) {
        return event.type() + " " + event.object().path("metadata").path("name").asText("") + " " + event.resourceVersion();
    }

    static String line(WatchEvent.Type type, String name, long rv) {
        return type + " " + name + " " + rv;
    }
}
