package io.rvlab.exercises.ch03;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * Reference answer to exercise 3.2: RetryOnConflict with client-go's backoff.
 *
 * <p>The loop is {@code wait.ExponentialBackoff} and {@code retry.OnError} folded into one: the
 * attempt counter plays the part of {@code Steps}, which is why there is no sleep after the last
 * attempt. The sleep is computed in whole nanoseconds, truncated as Go's {@code time.Duration}
 * conversions truncate; the base duration moves by {@code factor} without the jitter, so the
 * jitter never compounds.
 */
public final class RetryOnConflict {

    private RetryOnConflict() {
    }

    public record Backoff(int steps, Duration duration, double factor, double jitter) {
        public Backoff {
            if (steps < 1) {
                throw new IllegalArgumentException("steps must be at least 1 (client-go would not even call fn)");
            }
        }
    }

    public static final Backoff DEFAULT_RETRY = new Backoff(5, Duration.ofMillis(10), 1.0, 0.1);

    public static final Backoff DEFAULT_BACKOFF = new Backoff(4, Duration.ofMillis(10), 5.0, 0.1);

    public static final Set<String> KNOWN_REASONS = Set.of("Unauthorized", "Forbidden", "NotFound",
            "AlreadyExists", "Conflict", "Gone", "Invalid", "ServerTimeout", "StoreReadError", "Timeout",
            "TooManyRequests", "BadRequest", "MethodNotAllowed", "NotAcceptable", "RequestEntityTooLarge",
            "UnsupportedMediaType", "InternalError", "Expired", "ServiceUnavailable");

    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration);

        Sleeper REAL = duration -> {
            try {
                Thread.sleep(duration.toMillis(), (int) (duration.toNanos() % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while backing off", e);
            }
        };
    }

    public static boolean isConflict(Throwable error) {
        if (!(error instanceof StatusException status)) {
            return false;
        }
        if ("Conflict".equals(status.reason())) {
            return true;
        }
        boolean known = status.reason() != null && KNOWN_REASONS.contains(status.reason());
        return !known && status.code() == 409;
    }

    public static <T> T retryOnConflict(Backoff backoff, Sleeper sleeper, DoubleSupplier random, Supplier<T> fn) {
        long duration = backoff.duration().toNanos();
        for (int attempt = 1; ; attempt++) {
            try {
                return fn.get();
            } catch (RuntimeException e) {
                if (!isConflict(e) || attempt == backoff.steps()) {
                    throw e; // not worth retrying, or out of attempts: the last conflict itself
                }
            }
            long sleep = duration;
            if (backoff.jitter() > 0) {
                sleep = duration + (long) (random.getAsDouble() * backoff.jitter() * duration);
            }
            if (backoff.factor() != 0) {
                duration = (long) (duration * backoff.factor());
            }
            sleeper.sleep(Duration.ofNanos(sleep));
        }
    }

    public static <T> T retryOnConflict(Backoff backoff, Supplier<T> fn) {
        return retryOnConflict(backoff, Sleeper.REAL, () -> ThreadLocalRandom.current().nextDouble(), fn);
    }
}
