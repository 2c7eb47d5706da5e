package io.rvlab.ch05.controller;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Per-item exponential backoff (client-go's {@code ItemExponentialFailureRateLimiter}): the n-th
 * failure in a row of an item waits {@code base * 2^(n-1)}, at most {@code max}. client-go's
 * default controller limiter uses 5 ms to 1000 s, so a broken object is retried quickly at first,
 * then about every 17 minutes, without holding up the others. (client-go combines it with an
 * overall 10 per second token bucket; with this course's handfuls of objects, that one never bites
 * and is left out.)
 */
public final class ItemExponentialFailureRateLimiter<T> implements RateLimiter<T> {

    private final Duration base;
    private final Duration max;
    private final Map<T, Integer> failures = new HashMap<>();

    public ItemExponentialFailureRateLimiter(Duration base, Duration max) {
        this.base = base;
        this.max = max;
    }

    /** client-go's {@code DefaultTypedControllerRateLimiter}'s per-item part: 5 ms doubling to 1000 s. */
    public static <T> ItemExponentialFailureRateLimiter<T> clientGo() {
        return new ItemExponentialFailureRateLimiter<>(Duration.ofMillis(5), Duration.ofSeconds(1000));
    }

    // tag::item-backoff[]
    @Override
    public synchronized Duration when(T item) {
        int exponent = failures.merge(item, 1, Integer::sum) - 1;
        if (exponent >= 62) {
            return max; // 2^exponent would overflow
        }
        double nanos = base.toNanos() * Math.pow(2, exponent);
        return nanos >= max.toNanos() ? max : Duration.ofNanos((long) nanos);
    }
    // end::item-backoff[]

    @Override
    public synchronized void forget(T item) {
        failures.remove(item);
    }

    @Override
    public synchronized int numRequeues(T item) {
        return failures.getOrDefault(item, 0);
    }
}
