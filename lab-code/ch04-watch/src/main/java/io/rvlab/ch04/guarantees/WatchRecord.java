package io.rvlab.ch04.guarantees;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one watcher received, in order, split where it (re)started: a {@link Segment} per
 * list-then-watch or resumed watch. This is the evidence {@link WatchGuarantees} judges; a
 * watcher appends to it from its own thread, the checker reads it once the watcher stopped.
 */
public final class WatchRecord {

    /** How a segment began. */
    public enum Start {
        /** A consistent list at {@code fromRevision}, then a watch from it (start, or after a 410). */
        LIST,
        /** A watch from {@code fromRevision}, the last resourceVersion the watcher had seen. */
        RESUME
    }

    /**
     * One stretch of the watcher's life.
     *
     * @param listed the list's items (LIST only; empty for RESUME)
     * @param events the events of the watch, in arrival order
     * @param end why the watch stopped ("" if it had not when the record was read)
     */
    public record Segment(Start start, long fromRevision, List<ObjectNode> listed, List<WatchEvent> events,
            String end) {
    }

    private final String watcher;
    private final List<Segment> segments = new ArrayList<>();
    private Start start;
    private long fromRevision;
    private List<ObjectNode> listed;
    private List<WatchEvent> events;
    private String end;

    public WatchRecord(String watcher) {
        this.watcher = watcher;
    }

    /** The watcher's name, used in every violation about it. */
    public String watcher() {
        return watcher;
    }

    /** A relist at {@code resourceVersion} returned {@code items}; a watch from there follows. */
    public synchronized WatchRecord listed(long resourceVersion, List<ObjectNode> items) {
        begin(Start.LIST, resourceVersion, List.copyOf(items));
        return this;
    }

    /** A watch from {@code resourceVersion} without a list. */
    public synchronized WatchRecord resumed(long resourceVersion) {
        begin(Start.RESUME, resourceVersion, List.of());
        return this;
    }

    public synchronized WatchRecord received(WatchEvent event) {
        if (events == null) {
            throw new IllegalStateException(watcher + ": an event before any list or watch");
        }
        events.add(event);
        return this;
    }

    /**
     * For a client that reports only its relist (client-go's {@code Replace}; a handler's
     * "replace everything" call) and not the ERROR 410 that made it relist: records that 410,
     * then the list. A client's first list is recorded as {@link #listed}.
     */
    public synchronized WatchRecord relistedAfterExpired(long resourceVersion, List<ObjectNode> items) {
        if (events != null) {
            received(new WatchEvent(WatchEvent.Type.ERROR,
                    Status.expired("(a 410 the client handled without reporting it)", null).toJson()));
            ended("410 Expired: relist");
        }
        return listed(resourceVersion, items);
    }

    /** A BOOKMARK at {@code resourceVersion}, for a client that reports only the resourceVersion. */
    public synchronized WatchRecord bookmarked(String resourceVersion) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.putObject("metadata").put("resourceVersion", resourceVersion);
        return received(new WatchEvent(WatchEvent.Type.BOOKMARK, object));
    }

    /** The current watch stopped, and why (disconnected, 410, stream ended). */
    public synchronized WatchRecord ended(String reason) {
        if (events != null && end.isEmpty()) {
            end = reason;
        }
        return this;
    }

    public synchronized List<Segment> segments() {
        List<Segment> all = new ArrayList<>(segments);
        if (events != null) {
            all.add(new Segment(start, fromRevision, listed, List.copyOf(events), end));
        }
        return all;
    }

    /** Events received across every segment (ERROR and BOOKMARK included). */
    public synchronized int eventCount() {
        return segments().stream().mapToInt(s -> s.events().size()).sum();
    }

    private void begin(Start how, long revision, List<ObjectNode> items) {
        if (events != null) {
            segments.add(new Segment(start, fromRevision, listed, List.copyOf(events), end));
        }
        start = how;
        fromRevision = revision;
        listed = items;
        events = new ArrayList<>();
        end = "";
    }

    @Override
    public String toString() {
        return watcher + " " + segments();
    }
}
