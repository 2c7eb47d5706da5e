package io.rvlab.ch03.api;

import io.rvlab.ch02.api.StatusException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * client-go's {@code retry.RetryOnConflict}: run a read-modify-write again, after a short sleep,
 * while it fails with a 409 Conflict; give up after {@code steps} attempts with the last conflict.
 * The function must read afresh every time: retrying the same stale object would conflict forever.
 */
public final class RetryOnConflict {

    /** client-go's {@code wait.Backoff}. */
    public record Backoff(int steps, Duration duration, double factor, double jitter) {
    }

    // tag::backoffs[]
    /** {@code retry.DefaultRetry}: for contention between many clients. */
    public static final Backoff DEFAULT_RETRY = new Backoff(5, Duration.ofMillis(10), 1.0, 0.1);

    /** {@code retry.DefaultBackoff}: for updates racing controllers. */
    public static final Backoff DEFAULT_BACKOFF = new Backoff(4, Duration.ofMillis(10), 5.0, 0.1);
    // end::backoffs[]

    private RetryOnConflict() {
    }

    // tag::is-conflict[]
    /** Whether an error is a conflict as client-go's {@code IsConflict} sees it (AlreadyExists is not). */
    public static boolean isConflict(RuntimeException error) {
        if (!(error instanceof StatusException e)) {
            return false;
        }
        String reason = e.status().reason();
        return "Conflict".equals(reason) || ((reason == null || reason.isEmpty()) && e.status().code() == 409);
    }
    // end::is-conflict[]

    // tag::retry[]
    public static <T> T run(Backoff backoff, Supplier<T> readModifyWrite) {
        double sleep = backoff.duration().toNanos();
        for (int attempt = 1; ; attempt++) {
            try {
                return readModifyWrite.get();
            } catch (RuntimeException e) {
                if (!isConflict(e) || attempt >= backoff.steps()) {
                    throw e; // not a conflict, or out of attempts: the last conflict
                }
            }
            long nanos = (long) (sleep + ThreadLocalRandom.current().nextDouble() * backoff.jitter() * sleep);
            try {
                Thread.sleep(Duration.ofNanos(nanos).toMillis(), (int) (nanos % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while backing off", e);
            }
            sleep *= backoff.factor();
        }
    }
    // end::retry[]
}
