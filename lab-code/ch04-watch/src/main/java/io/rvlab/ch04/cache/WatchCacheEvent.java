package io.rvlab.ch04.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.watch.WatchEvent;

/**
 * One change as the watch cache remembers it (apiserver cacher's {@code watchCacheEvent}): the
 * Kubernetes event, plus what every watcher needs to filter it without asking etcd again.
 *
 * @param event ADDED, MODIFIED or DELETED, its object carrying {@link #resourceVersion}
 * @param key the object's etcd key, such as {@code /registry/configmaps/lab/cm-a}
 * @param previous the object's state before this change, or null for an ADDED; a watcher with a
 *        selector needs it to tell "stopped matching" (DELETED) from "never matched" (nothing)
 * @param resourceVersion the etcd revision of the change
 */
public record WatchCacheEvent(EncodedEvent event, String key, ObjectNode previous, long resourceVersion) {

    public WatchEvent.Type type() {
        return event.event().type();
    }

    /** The object after the change (for a DELETED, the last state, stamped with the deletion's revision). */
    public ObjectNode object() {
        return event.event().object();
    }
}
