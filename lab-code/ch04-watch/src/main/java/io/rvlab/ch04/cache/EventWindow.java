package io.rvlab.ch04.cache;

import java.util.ArrayList;
import java.util.List;

/**
 * The watch cache's memory of recent changes: the newest {@code capacity} events, oldest first
 * (apiserver cacher's {@code watchCache} ring buffer). Not thread-safe: the {@link WatchCache}
 * guards it.
 *
 * <p>A watch from resourceVersion N is served from here if every change after N is still held.
 * That is true while N is at least the revision of the last change the window forgot. Before the
 * window has forgotten anything, it holds every change since the cache's initial list, so any N
 * from that list's revision on is fine.
 */
final class EventWindow implements ChangeWindow {

    private final WatchCacheEvent[] ring;
    private int start;   // index of the oldest event
    private int size;
    private long listResourceVersion; // the revision of the list the cache started from
    private boolean evicted;          // whether an event fell out since that list

    EventWindow(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a watch cache holds at least one event, not " + capacity);
        }
        this.ring = new WatchCacheEvent[capacity];
    }

    int capacity() {
        return ring.length;
    }

    @Override
    public int size() {
        return size;
    }

    /** Forgets every event: the cache has just (re)listed at {@code resourceVersion}. */
    @Override
    public void reset(long resourceVersion) {
        java.util.Arrays.fill(ring, null);
        start = 0;
        size = 0;
        listResourceVersion = resourceVersion;
        evicted = false;
    }

    @Override
    public void add(WatchCacheEvent event) {
        if (size == ring.length) {
            ring[start] = null;
            start = (start + 1) % ring.length;
            size--;
            evicted = true;
        }
        ring[(start + size) % ring.length] = event;
        size++;
    }

    // tag::too-old[]
    /**
     * The oldest resourceVersion a watch can start from: the revision just before the oldest
     * event held, or the initial list's revision if nothing was forgotten yet. A watch from an
     * older one might miss changes, so Kubernetes refuses it with 410 Expired
     * ("too old resource version: N (oldest)").
     */
    @Override
    public long oldestResumable() {
        return evicted ? ring[start].resourceVersion() - 1 : listResourceVersion;
    }

    /** Every event after {@code resourceVersion}, oldest first; empty if it is not held (see {@link #oldestResumable}). */
    @Override
    public List<WatchCacheEvent> since(long resourceVersion) {
        List<WatchCacheEvent> events = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            WatchCacheEvent event = ring[(start + i) % ring.length];
            if (event.resourceVersion() > resourceVersion) {
                events.add(event);
            }
        }
        return events;
    }
    // end::too-old[]
}
