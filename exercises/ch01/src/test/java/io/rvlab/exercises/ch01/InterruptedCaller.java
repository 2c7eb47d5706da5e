package io.rvlab.exercises.ch01;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/**
 * Calls your method on a thread that is already interrupted, as a Kubernetes controller's worker is
 * once its manager shuts down: the call must give up instead of waiting for etcd, and the thread must
 * still be marked interrupted afterwards, or the code above it never learns that it should stop.
 */
final class InterruptedCaller {

    private InterruptedCaller() {
    }

    /** Asserts that {@code call}, made with the interrupt flag set, throws and leaves the flag set. */
    static void assertKeepsTheInterrupt(String method, ThrowingCallable call) {
        Throwable thrown;
        boolean stillInterrupted;
        Thread.currentThread().interrupt();
        try {
            thrown = catchThrowable(call);
        } finally {
            stillInterrupted = Thread.interrupted(); // clears the flag: no other test runs interrupted
        }
        assertThat(thrown)
                .as("%s on an interrupted thread must stop waiting for etcd and throw IllegalStateException,"
                        + " caused by the InterruptedException", method)
                .isInstanceOf(IllegalStateException.class)
                .hasCauseInstanceOf(InterruptedException.class);
        assertThat(stillInterrupted)
                .as("%s caught the InterruptedException but left the thread's interrupt flag cleared: set it again"
                        + " (Thread.currentThread().interrupt()) so the code that called you still sees the interruption",
                        method)
                .isTrue();
    }
}
