package io.rvlab.grader;

/**
 * For grading tests: calls the learner's method on a thread that is already interrupted, as a
 * Kubernetes controller's worker is once its manager shuts down. The call must give up instead of
 * waiting for etcd, and the thread must still be marked interrupted afterwards, or the code above it
 * never learns that it should stop.
 */
public final class InterruptedCaller {

    private InterruptedCaller() {
    }

    /** The learner's call, whatever it returns. */
    @FunctionalInterface
    public interface Call {
        void run() throws Exception;
    }

    /**
     * Fails unless {@code call}, made with the interrupt flag set, throws and leaves the flag set.
     *
     * <p>An answer that waits on etcd's future can still return normally once in a while: if etcd has
     * answered before the wait begins, {@code get()} returns the value without looking at the flag. So
     * a call that returns normally with the flag still set is tried again, up to three times in all; a
     * right answer throws on one of them, one that never honours the interrupt ({@code join()}, say) on
     * none. Losing the flag fails at once.
     */
    public static void assertKeepsTheInterrupt(String method, Call call) {
        for (int attempt = 1; ; attempt++) {
            Throwable thrown = null;
            boolean stillInterrupted;
            Thread.currentThread().interrupt();
            try {
                call.run();
            } catch (Throwable t) {
                thrown = t;
            } finally {
                stillInterrupted = Thread.interrupted(); // clears the flag: no other test runs interrupted
            }
            if (thrown == null && stillInterrupted && attempt < 3) {
                continue; // etcd may have answered before the wait: see above
            }
            if (!(thrown instanceof IllegalStateException) || !(thrown.getCause() instanceof InterruptedException)) {
                throw new AssertionError(method + " on an interrupted thread must stop waiting for etcd and throw"
                        + " IllegalStateException, caused by the InterruptedException; it "
                        + (thrown == null ? "returned normally" + (attempt > 1 ? " in " + attempt + " calls out of " + attempt : "")
                        : "threw " + thrown), thrown);
            }
            if (!stillInterrupted) {
                throw new AssertionError(method + " caught the InterruptedException but left the thread's interrupt flag cleared:"
                        + " set it again (Thread.currentThread().interrupt()) so the code that called you still sees the interruption");
            }
            return;
        }
    }
}
