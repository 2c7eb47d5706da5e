package io.rvlab.ch04.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A consumer of a {@link ResumingWatcher}: records every call, and keeps the copy of the
 * collection a real consumer would (name to object), so a test can compare it with a fresh list.
 */
final class RecordingHandler implements WatchHandler {

    sealed interface Call permits Event, Replace, Bookmark {
    }

    record Event(WatchEvent event) implements Call {
    }

    record Replace(List<ObjectNode> items, String resourceVersion) implements Call {
    }

    record Bookmark(String resourceVersion) implements Call {
    }

    private final List<Call> calls = new ArrayList<>();
    private final Map<String, ObjectNode> state = new TreeMap<>();

    @Override
    public synchronized void onEvent(WatchEvent event) {
        calls.add(new Event(event));
        String name = event.object().path("metadata").path("name").asText();
        if (event.type() == WatchEvent.Type.DELETED) {
            state.remove(name);
        } else {
            state.put(name, event.object());
        }
    }

    @Override
    public synchronized void onReplace(List<ObjectNode> items, String resourceVersion) {
        calls.add(new Replace(items, resourceVersion));
        state.clear();
        for (ObjectNode item : items) {
            state.put(item.path("metadata").path("name").asText(), item);
        }
    }

    @Override
    public synchronized void onBookmark(String resourceVersion) {
        calls.add(new Bookmark(resourceVersion));
    }

    synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    synchronized List<WatchEvent> events() {
        return calls.stream().filter(c -> c instanceof Event).map(c -> ((Event) c).event()).toList();
    }

    synchronized List<String> bookmarks() {
        return calls.stream().filter(c -> c instanceof Bookmark).map(c -> ((Bookmark) c).resourceVersion()).toList();
    }

    /** The consumer's copy as name to (resourceVersion, data). */
    synchronized Map<String, String> state() {
        return Cluster.summary(state.values());
    }

    /** Waits (for liveness only) until {@code condition} holds. */
    void await(String what, Predicate<RecordingHandler> condition, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.test(this)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("gave up waiting for " + what + "; calls so far: " + calls());
            }
            Thread.sleep(20);
        }
    }
}
