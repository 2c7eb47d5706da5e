package io.rvlab.ch04.client;

import java.time.Duration;

/**
 * How long a {@link ResumingWatcher} waits before its next attempt after {@code failures} failed
 * ones in a row, so a down server is not hammered (client-go's {@code wait.Backoff} in its
 * reflector and RetryWatcher). Injectable, so tests run without waiting.
 */
@FunctionalInterface
public interface Backoff {

    /** The pause before the next attempt; {@code failures} is at least 1. */
    Duration delay(int failures);

    /** {@code initial}, doubling after each failure, never more than {@code max}. */
    static Backoff exponential(Duration initial, Duration max) {
        return failures -> {
            long millis = initial.toMillis() << Math.min(failures - 1, 20);
            return millis >= max.toMillis() || millis <= 0 ? max : Duration.ofMillis(millis);
        };
    }

    /** Always {@code delay}. */
    static Backoff constant(Duration delay) {
        return failures -> delay;
    }
}
