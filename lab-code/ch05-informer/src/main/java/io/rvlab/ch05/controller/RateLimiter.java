package io.rvlab.ch05.controller;

import java.time.Duration;

/**
 * How long a failed item waits before it is handed out again (client-go's
 * {@code workqueue.TypedRateLimiter}). Implementations are thread-safe.
 */
public interface RateLimiter<T> {

    /** The wait before {@code item}'s next attempt; counts this as one more failure. */
    Duration when(T item);

    /** {@code item} succeeded: its next failure starts from the shortest wait again. */
    void forget(T item);

    /** The failures counted for {@code item} since it was last forgotten. */
    int numRequeues(T item);
}
