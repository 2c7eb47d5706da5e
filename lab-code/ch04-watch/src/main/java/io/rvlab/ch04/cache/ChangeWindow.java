package io.rvlab.ch04.cache;

import java.util.List;

/**
 * The watch cache's memory of recent changes, as {@link WatchCache} uses it: what a watch from a
 * recent resourceVersion is served from, and what decides that a watch is too old for it (410
 * Expired, "too old resource version: N (oldest)"). The built-in one is {@link EventWindow}; exercise
 * 4.5 has the learner write another, which {@link WatchCache#start(io.etcd.jetcd.Client,
 * io.rvlab.ch02.registry.ResourceType, WatchCache.Options, java.util.function.IntFunction)} takes.
 *
 * <p>The cache calls every method under its own lock, one call at a time: an implementation need
 * not be thread-safe. Changes are added in etcd's order (resourceVersion never decreases).
 */
public interface ChangeWindow {

    /** The cache has just (re)listed its resource at {@code resourceVersion}: forget every change. */
    void reset(long resourceVersion);

    /** The next change after the ones already added. */
    void add(WatchCacheEvent change);

    /**
     * The oldest resourceVersion a watch can start from and still be sent every change after it;
     * a watch from an older one gets 410 Expired naming this number.
     */
    long oldestResumable();

    /**
     * Every change held with a resourceVersion greater than {@code resourceVersion}, oldest first.
     * Only asked for a {@code resourceVersion} of at least {@link #oldestResumable()}.
     */
    List<WatchCacheEvent> since(long resourceVersion);

    /** How many changes are held now. */
    int size();
}
