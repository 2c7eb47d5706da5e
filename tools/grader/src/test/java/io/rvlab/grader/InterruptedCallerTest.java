package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The interrupt check the grading tests share: fair to a right answer whose etcd answered early, never to a wrong one. */
class InterruptedCallerTest {

    /** What a right answer does when it does wait: the wait sees the flag, throws, and the flag is set again. */
    private static void honours() {
        if (Thread.currentThread().isInterrupted()) {
            Thread.interrupted();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", new InterruptedException());
        }
    }

    @Test
    void aRightAnswerPasses() {
        assertThatCode(() -> InterruptedCaller.assertKeepsTheInterrupt("m", InterruptedCallerTest::honours)).doesNotThrowAnyException();
    }

    @Test
    void aRightAnswerWhoseEtcdAnsweredBeforeItWaitedPassesOnALaterCall() {
        AtomicInteger calls = new AtomicInteger();
        assertThatCode(() -> InterruptedCaller.assertKeepsTheInterrupt("m", () -> {
            if (calls.incrementAndGet() > 2) {
                honours(); // the first two calls found etcd's answer already there
            }
        })).doesNotThrowAnyException();
    }

    @Test
    void anAnswerThatNeverHonoursTheInterruptFails() {
        assertThatThrownBy(() -> InterruptedCaller.assertKeepsTheInterrupt("m", () -> { })).as("join(): waits, then returns")
                .isInstanceOf(AssertionError.class).hasMessageContaining("returned normally in 3 calls out of 3");
    }

    @Test
    void anAnswerThatLosesTheFlagFailsAtOnce() {
        assertThatThrownBy(() -> InterruptedCaller.assertKeepsTheInterrupt("m", () -> {
            Thread.interrupted();
            throw new IllegalStateException("x", new InterruptedException());
        })).isInstanceOf(AssertionError.class).hasMessageContaining("left the thread's interrupt flag cleared");
        assertThatThrownBy(() -> InterruptedCaller.assertKeepsTheInterrupt("m", Thread::interrupted))
                .as("swallowed, and returned normally").isInstanceOf(AssertionError.class).hasMessageContaining("returned normally");
    }
}
