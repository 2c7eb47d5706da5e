package io.rvlab.ch05.cache;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The numbers of client-go's reflector backoff ({@code wait.NewExponentialBackoffManager(800ms, 30s,
 * 2min, 2.0, 1.0)}): each pause doubles the previous base, capped at {@code cap}, plus up to {@code
 * jitter} × 100 % random jitter; after {@code resetAfter} without a pause it starts again from
 * {@code initial}. Only numbers, no state: it can sit in shared {@link ReflectorOptions}, and each
 * reflector takes a {@link BackoffManager} of its own from it ({@link #newManager()}), as each
 * client-go reflector builds its own manager.
 *
 * @param nanoClock the clock the manager measures quiet time with ({@code System::nanoTime})
 */
public record ReflectorBackoff(Duration initial, Duration cap, Duration resetAfter, double jitter, LongSupplier nanoClock) {

    /** 800 ms doubling to 30 s, jitter 1.0, reset after 2 min quiet: client-go's numbers. */
    public static ReflectorBackoff clientGo() {
        return new ReflectorBackoff(Duration.ofMillis(800), Duration.ofSeconds(30), Duration.ofMinutes(2), 1.0, System::nanoTime);
    }

    /** 10 ms doubling to 100 ms, same jitter, reset after 1 s quiet: for tests. */
    public static ReflectorBackoff quick() {
        return new ReflectorBackoff(Duration.ofMillis(10), Duration.ofMillis(100), Duration.ofSeconds(1), 1.0, System::nanoTime);
    }

    /** A manager with these numbers and a state of its own, for one reflector. */
    public BackoffManager newManager() {
        return new BackoffManager(this);
    }
}
