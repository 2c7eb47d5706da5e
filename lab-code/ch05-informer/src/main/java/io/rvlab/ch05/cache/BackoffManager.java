package io.rvlab.ch05.cache;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One reflector's pauses after failures (k8s.io/apimachinery pkg/util/wait/backoff.go, {@code
 * BackoffManager} / {@code exponentialBackoffManagerImpl}): it alone keeps the state, how far the
 * pauses have grown and when the last one was, and it alone decides when they start small again. The
 * reflector fails in several places that it does not tell apart: it only asks for the next pause.
 */
public final class BackoffManager {

    private final ReflectorBackoff numbers;
    private long lastNanos;
    private boolean used;
    private int step;

    BackoffManager(ReflectorBackoff numbers) {
        this.numbers = numbers;
    }

    // tag::reflector-backoff[]
    /** The next pause: the base doubled since the last reset, capped, plus jitter. */
    public synchronized Duration next() {
        long now = numbers.nanoClock().getAsLong();
        if (!used || now - lastNanos > numbers.resetAfter().toNanos()) {
            step = 0; // quiet for long enough: start small again
        }
        used = true;
        lastNanos = now;
        long base = Math.min(numbers.cap().toNanos(), numbers.initial().toNanos() << Math.min(step, 30));
        step++;
        long jittered = base + (long) (ThreadLocalRandom.current().nextDouble() * numbers.jitter() * base);
        return Duration.ofNanos(jittered);
    }
    // end::reflector-backoff[]
}
