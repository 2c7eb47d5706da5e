package io.rvlab.ch04.watch;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One event of a Kubernetes watch: {@code {"type":"ADDED","object":{...}}} on the wire
 * (apimachinery's {@code watch.Event}).
 *
 * <p>The object always carries {@code metadata.resourceVersion}: a watcher remembers the last one
 * it saw and resumes from it after a disconnect, so every event must say how far the stream got.
 * For ADDED and MODIFIED it is the object's new state; for DELETED it is the last state before the
 * deletion, with the deletion's revision as its resourceVersion; for BOOKMARK an object holding
 * only a resourceVersion; for ERROR a {@code Status}.
 */
public record WatchEvent(Type type, ObjectNode object) {

    /** The event types of apimachinery's {@code watch.EventType}, spelt as on the wire. */
    public enum Type { ADDED, MODIFIED, DELETED, BOOKMARK, ERROR }

    /** The object's {@code metadata.resourceVersion}, or "" if it has none (an ERROR's Status). */
    public String resourceVersion() {
        return object.path("metadata").path("resourceVersion").asText("");
    }

    @Override
    public String toString() {
        return type + " " + object.path("metadata").path("name").asText("") + " rv=" + resourceVersion();
    }
}
