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
 * usual answer is client-go's {@code retry.RetryOnConflict(backoff, fn)}, where {@code fn} is one
 * whole attempt: GET the latest object, change it, PUT it. Controllers call it on every status
 * update, and a hundred clients on one hot object may call it at once, which is why it waits a
 * little, and a little differently each time, before trying again.
 *
 * <p>What a caller observes:
 * <ul>
 *   <li>only a conflict is retried, a conflict as apimachinery's {@code errors.IsConflict} decides
 *       ({@link #isConflict}); anything else {@code fn} throws ends the call at once, unchanged;</li>
 *   <li>{@code fn} runs at most {@code backoff.steps()} times, and at least once;</li>
 *   <li>when the attempts run out, the caller gets the last conflict itself, not a "timed out";</li>
 *   <li>the waits between attempts are those of apimachinery's {@code wait.Backoff}
 *       ({@code k8s.io/apimachinery/pkg/util/wait}), whose fields are this {@link Backoff}'s
 *       components: the tests expect its waits to the nanosecond.</li>
 * </ul>
 *
 * <p>Errors are the given {@link io.rvlab.exercises.ch03.StatusException} (code and reason of a
 * kube-apiserver {@code Status}), in this package: not chapter 2's class of the same name.
 * The sleeper and the random numbers are parameters, so the grading tests can check every wait
 * exactly without a clock. Grade it with {@code ./course grade 3 --exercise 3.2}; the specification
 * is {@code RetryOnConflictTest}.
 */
public final class RetryOnConflict {

    private RetryOnConflict() {
    }

    // tag::signature[]
    /**
     * apimachinery's {@code wait.Backoff}, without {@code Cap}: its {@code Steps}, {@code Duration},
     * {@code Factor} and {@code Jitter}. Go's {@code time.Duration} is a whole number of nanoseconds.
     */
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

    /** The reasons apimachinery knows: {@code knownReasons} in {@code k8s.io/apimachinery/pkg/api/errors}. */
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
     * Whether {@code error} is a conflict, as apimachinery's {@code errors.IsConflict} decides from
     * a {@code Status}'s reason and code (here a {@link StatusException}'s; client-go also looks
     * inside wrapped errors, here only the exception itself counts). Not every 409 is a conflict:
     * {@code AlreadyExists} is a 409 too, and creating the same name again cannot help.
     */
    public static boolean isConflict(Throwable error) {
        throw new UnsupportedOperationException("TODO exercise 3.2");
    }

    /**
     * client-go's {@code RetryOnConflict(backoff, fn)}, with the sleeps and the random numbers
     * injected.
     *
     * @param backoff how many attempts at most, and the waits between them ({@code wait.Backoff}'s)
     * @param sleeper does every wait between two attempts, each with its duration
     * @param random a number in [0, 1) for a wait's jitter, asked once per wait, when it is computed (never
     *     with a jitter of 0: there is nothing to draw it for)
     * @param fn one attempt: read, modify, write; it returns the result or throws
     * @return what the first successful attempt returned
     * @throws RuntimeException what {@code fn} threw: at once if it is not a conflict; when the
     *     attempts run out, the last conflict (the very same exception)
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
