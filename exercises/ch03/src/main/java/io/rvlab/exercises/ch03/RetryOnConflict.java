package io.rvlab.exercises.ch03;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * <b>Exercise 3.2: RetryOnConflict with client-go's backoff.</b>
 *
 * <p>A client that sends its resourceVersion gets 409 Conflict when someone else wrote first. The
 * usual answer is client-go's {@code retry.RetryOnConflict(retry.DefaultRetry, fn)}, where {@code fn}
 * is one whole attempt: GET the latest object, change it, PUT it. Controllers call it on every
 * status update; a hundred clients on one hot object call it at once, which is why it waits a
 * little, and a little differently each time, before it tries again. It tries again only when the
 * failure was a conflict, and never forever: when the attempts run out, the caller gets the last
 * conflict itself, not a "timed out".
 *
 * <p>The waits are apimachinery's {@code wait.Backoff}: {@code steps} bounds the attempts (not the
 * sleeps); {@code duration} is the first base wait, which {@code factor} multiplies from one wait
 * to the next (a factor of 0 means "no change"); {@code jitter} adds up to that fraction of the
 * base, at random, to each wait. Two examples from client-go:
 * <ul>
 *   <li>{@code DefaultRetry} (steps 5, 10 ms, factor 1.0, jitter 0.1): at most five attempts, and
 *       between them waits of 10 to 11 ms each;</li>
 *   <li>{@code DefaultBackoff} (steps 4, 10 ms, factor 5.0, jitter 0.1): at most four attempts, and
 *       waits of 10, 50 and 250 ms, each plus up to 10% of itself.</li>
 * </ul>
 * Go computes in whole nanoseconds, truncating.
 * A conflict is what apimachinery's {@code errors.IsConflict} says: reason {@code Conflict}, or code
 * 409 with a reason it does not know. {@code AlreadyExists} is a 409 too, but not a conflict:
 * trying to create the same name again cannot help. (client-go also looks inside wrapped errors;
 * here only the exception itself counts.)
 *
 * <p>The sleeper and the random numbers are parameters, so the grading tests can check every delay
 * exactly without waiting. Grade it with {@code ./course grade 3 --exercise 3.2}; the specification
 * is {@code RetryOnConflictTest}.
 */
public final class RetryOnConflict {

    private RetryOnConflict() {
    }

    // tag::signature[]
    /** apimachinery's {@code wait.Backoff} (without {@code Cap}); durations in nanoseconds are exact. */
    public record Backoff(int steps, Duration duration, double factor, double jitter) {
        public Backoff {
            if (steps < 1) {
                throw new IllegalArgumentException("steps must be at least 1 (client-go would not even call fn)");
            }
        }
    }

    /** {@code retry.DefaultRetry}: for contention between many clients. */
    public static final Backoff DEFAULT_RETRY = new Backoff(5, Duration.ofMillis(10), 1.0, 0.1);

    /** {@code retry.DefaultBackoff}: for an update racing a controller. */
    public static final Backoff DEFAULT_BACKOFF = new Backoff(4, Duration.ofMillis(10), 5.0, 0.1);

    /** The reasons apimachinery knows ({@code knownReasons}); a 409 with any other reason is a conflict. */
    public static final Set<String> KNOWN_REASONS = Set.of("Unauthorized", "Forbidden", "NotFound",
            "AlreadyExists", "Conflict", "Gone", "Invalid", "ServerTimeout", "StoreReadError", "Timeout",
            "TooManyRequests", "BadRequest", "MethodNotAllowed", "NotAcceptable", "RequestEntityTooLarge",
            "UnsupportedMediaType", "InternalError", "Expired", "ServiceUnavailable");

    /** Sleeps between attempts. {@link #REAL} really sleeps; the tests record instead. */
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

    /**
     * Whether {@code error} is a conflict, as apimachinery's {@code IsConflict} decides: a
     * {@link StatusException} with reason {@code Conflict}, or with code 409 and a reason that is
     * not in {@link #KNOWN_REASONS} (an empty or null reason included). Anything else is not.
     */
    public static boolean isConflict(Throwable error) {
        throw new UnsupportedOperationException("TODO exercise 3.2");
    }

    /**
     * client-go's {@code RetryOnConflict(backoff, fn)}, with the sleeps and the random numbers
     * injected.
     *
     * @param sleeper called once before every attempt but the first, with that sleep's duration
     * @param random a number in [0, 1) for each sleep's jitter, asked once per sleep
     * @param fn one attempt: read, modify, write; it returns the result or throws
     * @return what the first successful attempt returned
     * @throws RuntimeException what {@code fn} threw: at once if it is not a conflict; the last
     *     conflict (the very same exception) after {@code backoff.steps()} attempts
     */
    public static <T> T retryOnConflict(Backoff backoff, Sleeper sleeper, DoubleSupplier random, Supplier<T> fn) {
        throw new UnsupportedOperationException("TODO exercise 3.2");
    }

    /** The same, sleeping for real with {@link ThreadLocalRandom} jitter: what a client uses. */
    public static <T> T retryOnConflict(Backoff backoff, Supplier<T> fn) {
        return retryOnConflict(backoff, Sleeper.REAL, () -> ThreadLocalRandom.current().nextDouble(), fn);
    }
    // end::signature[]
}
