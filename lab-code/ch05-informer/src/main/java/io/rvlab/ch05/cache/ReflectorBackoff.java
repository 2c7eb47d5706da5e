package io.rvlab.ch05.cache;

import io.rvlab.ch04.client.Backoff;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

/**
 * client-go's reflector backoff ({@code wait.NewExponentialBackoffManager(800ms, 30s, 2min, 2.0,
 * 1.0)}): each pause doubles the previous base, capped at 30 s, plus up to 100 % random jitter
 * (a base of 800 ms sleeps [0.8, 1.6) s; once capped, [30, 60) s). After two minutes without a
 * pause it starts again from 800 ms.
 *
 * <p>Unlike a plain {@link Backoff}, it keeps its own state (as client-go's manager does) and does
 * not rely on the failure count it is given: the reflector fails in several places that the
 * manager does not tell apart.
 */
public final class ReflectorBackoff implements Backoff {

    private final Duration initial;
    private final Duration cap;
    private final Duration resetAfter;
    private final double jitter;
    private final LongSupplier nanoClock;
    private long lastNanos;
    private boolean used;
    private int step;

    ReflectorBackoff(Duration initial, Duration cap, Duration resetAfter, double jitter, LongSupplier nanoClock) {
        this.initial = initial;
        this.cap = cap;
        this.resetAfter = resetAfter;
        this.jitter = jitter;
        this.nanoClock = nanoClock;
    }

    /** 800 ms doubling to 30 s, jitter 1.0, reset after 2 min quiet: client-go's numbers. */
    public static ReflectorBackoff clientGo() {
        return new ReflectorBackoff(Duration.ofMillis(800), Duration.ofSeconds(30), Duration.ofMinutes(2), 1.0, System::nanoTime);
    }

    /** 10 ms doubling to 100 ms, same jitter, reset after 1 s quiet: for tests. */
    public static ReflectorBackoff quick() {
        return new ReflectorBackoff(Duration.ofMillis(10), Duration.ofMillis(100), Duration.ofSeconds(1), 1.0, System::nanoTime);
    }

    /**
     * The same numbers with a state of its own. Each reflector takes one (as each client-go
     * reflector has its own backoff manager), so {@code Options.CLIENT_GO} can be shared.
     */
    public ReflectorBackoff fresh() {
        return new ReflectorBackoff(initial, cap, resetAfter, jitter, nanoClock);
    }

    // tag::reflector-backoff[]
    @Override
    public synchronized Duration delay(int failures) {
        long now = nanoClock.getAsLong();
        if (!used || now - lastNanos > resetAfter.toNanos()) {
            step = 0; // quiet for long enough: start small again
        }
        used = true;
        lastNanos = now;
        long base = Math.min(cap.toNanos(), initial.toNanos() << Math.min(step, 30));
        step++;
        long jittered = base + (long) (ThreadLocalRandom.current().nextDouble() * jitter * base);
        return Duration.ofNanos(jittered);
    }
    // end::reflector-backoff[]
}
