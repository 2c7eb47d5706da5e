package io.rvlab.exercises.ch03;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.within;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.exercises.ch03.RetryOnConflict.Backoff;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 3.2 (RetryOnConflict). Nothing here is timed: a recording sleeper
 * collects the sleeps your code asks for, and a scripted random source makes the jitter known, so
 * every delay is checked to the nanosecond (give or take one, for the order of multiplications).
 * The last test runs a real read-modify-write against etcd.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(60)
@DisplayName("3.2 RetryOnConflict with client-go's backoff")
class RetryOnConflictTest {

    private static final long MS = 1_000_000L;

    /** Records every sleep instead of sleeping. */
    private static final class Sleeps implements RetryOnConflict.Sleeper {
        final List<Long> nanos = new ArrayList<>();

        @Override
        public void sleep(Duration duration) {
            nanos.add(duration.toNanos());
        }

        /** Your sleeps as a learner reads them: in milliseconds. */
        @Override
        public String toString() {
            return nanos.stream().map(RetryOnConflictTest::ms).toList().toString();
        }
    }

    private static final List<String> ORDINALS = List.of("first", "second", "third", "fourth", "fifth", "sixth");

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }

    /**
     * Checks the sleeps your code asked for, one by one, to the nanosecond (give or take one, for the
     * order of multiplications); a wrong one is reported in milliseconds, by its place (the second
     * sleep, before attempt 3) and with how the expected value comes about.
     *
     * @param expected pairs: the expected sleep in nanoseconds, and how it is computed
     */
    private static void assertSleeps(Sleeps sleeps, String situation, Object... expected) {
        int count = expected.length / 2;
        assertThat(sleeps.nanos.size())
                .withFailMessage("%s: your code slept %d time%s (%s); the test expected %d sleep%s (./course hint 3.2)",
                        situation, sleeps.nanos.size(), sleeps.nanos.size() == 1 ? "" : "s", sleeps, count,
                        count == 1 ? "" : "s")
                .isEqualTo(count);
        for (int i = 0; i < count; i++) {
            long want = (Long) expected[2 * i];
            long got = sleeps.nanos.get(i);
            assertThat(got)
                    .withFailMessage("%s: your %s sleep (before attempt %d) was %s; the test expected %s. All your"
                            + " sleeps: %s (./course hint 3.2)", situation, ORDINALS.get(i), i + 2, ms(got), ms(want), sleeps)
                    .isCloseTo(want, within(1L));
        }
    }

    /** Hands out the given numbers in order, and fails the test if more are asked for. */
    private static DoubleSupplier randoms(double... values) {
        Iterator<Double> it = java.util.Arrays.stream(values).boxed().iterator();
        return () -> {
            assertThat(it.hasNext()).withFailMessage("your code asked for random number #%d; this test expects %s"
                    + " (./course hint 3.2)", values.length + 1, values.length == 0 ? "no sleep at all"
                    : values.length + " sleep(s), one random number each").isTrue();
            return it.next();
        };
    }

    /** For a backoff without jitter: fails the test if a random number is asked for at all. */
    private static DoubleSupplier noRandom() {
        return () -> {
            throw new AssertionError("your code asked for a random number with a jitter of 0 (./course hint 3.2)");
        };
    }

    /**
     * What retryOnConflict threw. An AssertionError of this test's own doubles (a random number asked for too many,
     * or with no jitter) is the real failure: it is rethrown as it is, so its plain message is what the learner reads.
     */
    private static Throwable thrownBy(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        Throwable thrown = catchThrowable(call);
        if (thrown instanceof AssertionError fromTheTest) {
            throw fromTheTest;
        }
        return thrown;
    }

    /** Fails plainly (no stack lines) with what the learner's code did, when it did not throw {@code expected}. */
    private static void assertThrew(Throwable thrown, Throwable expected, String situation) {
        assertThat(thrown).withFailMessage("%s: your retryOnConflict %s; the test expected the exception fn threw: %s (./course hint 3.2)",
                situation, did(thrown), expected).isSameAs(expected);
    }

    /** As {@link #assertThrew}, for a test that checks only that a conflict was thrown. */
    private static void assertThrewAConflict(Throwable thrown, String situation) {
        assertThat(thrown).withFailMessage("%s: your retryOnConflict %s; the test expected the last conflict (./course hint"
                + " 3.2)", situation, did(thrown)).isInstanceOf(StatusException.class);
    }

    private static <T> T last(List<T> list) {
        return list.isEmpty() ? null : list.get(list.size() - 1);
    }

    private static String did(Throwable thrown) {
        return thrown == null ? "returned normally" : thrown instanceof StatusException status
                ? "threw a StatusException " + status.code() + " " + status.reason() + ": " + status.getMessage()
                : "threw " + thrown;
    }

    private static StatusException conflict(int attempt) {
        return StatusException.conflict("Operation cannot be fulfilled on configmaps \"cm-a\": the object has been"
                + " modified; please apply your changes to the latest version and try again (attempt " + attempt + ")");
    }

    @Test
    @DisplayName("the first attempt succeeds: its result, no sleep")
    void firstAttemptWins() {
        Sleeps sleeps = new Sleeps();
        int[] calls = {0};

        String result = RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_RETRY, sleeps, randoms(), () -> {
            calls[0]++;
            return "updated";
        });

        assertThat(result).as("what retryOnConflict returns: the first attempt's result").isEqualTo("updated");
        assertThat(calls[0]).as("attempts when the first succeeds").isEqualTo(1);
        assertSleeps(sleeps, "the first attempt succeeds (no sleep before the first attempt, none after a success)");
    }

    @Test
    @DisplayName("DefaultRetry: five attempts, four sleeps of 10 ms plus up to 10% jitter, then the last conflict itself")
    void defaultRetryGivesUpWithLastConflict() {
        Sleeps sleeps = new Sleeps();
        List<StatusException> thrownByFn = new ArrayList<>();

        Throwable thrown = thrownBy(() -> RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_RETRY, sleeps,
                randoms(0.0, 0.5, 0.25, 0.75), () -> {
                    StatusException e = conflict(thrownByFn.size() + 1);
                    thrownByFn.add(e);
                    throw e;
                }));

        assertThrew(thrown, last(thrownByFn), "DefaultRetry, every attempt a conflict");
        assertThat(thrownByFn.size()).withFailMessage("DefaultRetry (Steps 5), every attempt a conflict: your code ran fn"
                + " %d time(s) (./course hint 3.2)", thrownByFn.size()).isEqualTo(5);
        assertSleeps(sleeps, "DefaultRetry (10 ms, factor 1, jitter 10%), randoms 0.0, 0.5, 0.25, 0.75",
                10 * MS, "10 ms + 0.0 x 10% x 10 ms",
                10_500_000L, "10 ms + 0.5 x 10% x 10 ms",
                10_250_000L, "10 ms + 0.25 x 10% x 10 ms",
                10_750_000L, "10 ms + 0.75 x 10% x 10 ms");
    }

    @Test
    @DisplayName("success on the third attempt: two sleeps, and the third attempt's result")
    void succeedsAfterTwoConflicts() {
        Sleeps sleeps = new Sleeps();
        int[] calls = {0};

        String result = RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_RETRY, sleeps, randoms(0.1, 0.9), () -> {
            calls[0]++;
            if (calls[0] < 3) {
                throw conflict(calls[0]);
            }
            return "won at " + calls[0];
        });

        assertThat(result).as("what retryOnConflict returns: the successful attempt's result").isEqualTo("won at 3");
        assertThat(calls[0]).as("attempts: two conflicts, then a success").isEqualTo(3);
        assertSleeps(sleeps, "DefaultRetry (10 ms, factor 1, jitter 10%), randoms 0.1, 0.9",
                10_100_000L, "10 ms + 0.1 x 10% x 10 ms",
                10_900_000L, "10 ms + 0.9 x 10% x 10 ms (the base stays 10 ms: factor 1; the first sleep's jitter is not"
                        + " carried over)");
    }

    @Test
    @DisplayName("DefaultBackoff: four attempts; the factor 5 multiplies the base duration, the jitter never compounds")
    void defaultBackoffMultipliesTheBase() {
        Sleeps sleeps = new Sleeps();
        int[] calls = {0};

        Throwable thrown = thrownBy(() -> RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_BACKOFF, sleeps,
                randoms(0.5, 0.5, 0.5), () -> {
                    calls[0]++;
                    throw conflict(calls[0]);
                }));

        assertThrewAConflict(thrown, "DefaultBackoff, every attempt a conflict");
        assertThat(calls[0]).as("the times your code ran fn with DefaultBackoff (Steps 4); ./course hint 3.2").isEqualTo(4);
        assertSleeps(sleeps, "DefaultBackoff (10 ms, factor 5, jitter 10%), randoms 0.5, 0.5, 0.5",
                10_500_000L, "10 ms + 0.5 x 10% x 10 ms",
                52_500_000L, "50 ms + 0.5 x 10% x 50 ms (the base went 10 -> 50 ms; multiplying the jittered 10.5 ms"
                        + " would give 52.5 ms + 5%)",
                262_500_000L, "250 ms + 0.5 x 10% x 250 ms");
    }

    @Test
    @DisplayName("no jitter and a factor of 0: every sleep is the duration itself")
    void factorZeroKeepsTheDuration() {
        Sleeps sleeps = new Sleeps();
        int[] calls = {0};

        Throwable thrown = thrownBy(() -> RetryOnConflict.retryOnConflict(new Backoff(4, Duration.ofMillis(7), 0.0, 0.0),
                sleeps, noRandom(), () -> {
                    calls[0]++;
                    throw conflict(calls[0]);
                }));

        assertThrewAConflict(thrown, "Backoff(steps 4, 7 ms, factor 0, jitter 0), every attempt a conflict");
        assertThat(calls[0]).as("the times your code ran fn with Steps 4; ./course hint 3.2").isEqualTo(4);
        assertSleeps(sleeps, "Backoff(steps 4, 7 ms, factor 0, jitter 0), no random number drawn",
                7 * MS, "7 ms (jitter 0 adds nothing)",
                7 * MS, "7 ms (a factor of 0 leaves the duration alone: it does not become 0)",
                7 * MS, "7 ms");
    }

    @Test
    @DisplayName("Steps 1: one attempt, no sleep, and its conflict is thrown as it is")
    void oneStepIsOneAttempt() {
        Sleeps sleeps = new Sleeps();
        List<StatusException> thrownByFn = new ArrayList<>();

        Throwable thrown = thrownBy(() -> RetryOnConflict.retryOnConflict(new Backoff(1, Duration.ofMillis(10), 1.0, 0.1),
                sleeps, randoms(), () -> {
                    StatusException e = conflict(thrownByFn.size() + 1);
                    thrownByFn.add(e);
                    throw e;
                }));

        assertThrew(thrown, last(thrownByFn), "Backoff(steps 1), the attempt a conflict");
        assertThat(thrownByFn.size()).withFailMessage("Backoff(steps 1), the attempt a conflict: your code ran fn %d"
                + " time(s) (./course hint 3.2)", thrownByFn.size()).isEqualTo(1);
        assertSleeps(sleeps, "Backoff(steps 1, 10 ms, factor 1, jitter 10%): one attempt (no sleep after the last)");
    }

    @Test
    @DisplayName("the two-argument retryOnConflict, as a client calls it (real sleeps): the result after a conflict")
    void realSleepsOverload() {
        int[] calls = {0};

        String result = RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_RETRY, () -> {
            calls[0]++;
            if (calls[0] == 1) {
                throw conflict(1);
            }
            return "won at " + calls[0];
        });

        assertThat(result).as("what retryOnConflict(DEFAULT_RETRY, fn) returns: the second attempt's result")
                .isEqualTo("won at 2");
        assertThat(calls[0]).as("attempts: a conflict, then a success").isEqualTo(2);
    }

    @Test
    @DisplayName("anything but a conflict ends it at once, unchanged: AlreadyExists, NotFound, a plain exception")
    void otherErrorsAreNotRetried() {
        List<RuntimeException> errors = List.of(
                new StatusException(409, "AlreadyExists", "configmaps \"cm-b\" already exists"),
                new StatusException(404, "NotFound", "configmaps \"cm-a\" not found"),
                new StatusException(500, "InternalError", "etcdserver: request timed out"),
                new IllegalStateException("connection refused"));
        for (RuntimeException error : errors) {
            Sleeps sleeps = new Sleeps();
            int[] calls = {0};

            Throwable thrown = thrownBy(() -> RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_RETRY, sleeps,
                    randoms(), () -> {
                        calls[0]++;
                        throw error;
                    }));

            assertThrew(thrown, error, "fn threw " + error);
            assertThat(calls[0]).as("the times your code ran fn when it threw %s; ./course hint 3.2", error).isEqualTo(1);
            assertSleeps(sleeps, error + " on the first attempt (not a conflict)");
        }
    }

    @Test
    @DisplayName("a conflict, then another error: the other error ends it, after one sleep")
    void conflictThenOtherError() {
        Sleeps sleeps = new Sleeps();
        StatusException notFound = new StatusException(404, "NotFound", "configmaps \"cm-a\" not found");
        int[] calls = {0};

        Throwable thrown = thrownBy(() -> RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_RETRY, sleeps,
                randoms(0.0), () -> {
                    calls[0]++;
                    throw calls[0] == 1 ? conflict(1) : notFound;
                }));

        assertThrew(thrown, notFound, "a conflict, then a NotFound");
        assertThat(calls[0]).as("the times your code ran fn (a conflict, then a NotFound); ./course hint 3.2").isEqualTo(2);
        assertSleeps(sleeps, "DefaultRetry, random 0.0, a conflict then a NotFound", 10 * MS, "10 ms + 0.0 x 10% x 10 ms");
    }

    @Test
    @DisplayName("isConflict is apimachinery's IsConflict: reason Conflict, or 409 with a reason it does not know")
    void isConflict() {
        assertConflict(new StatusException(409, "Conflict", "x"), "409 Conflict", true);
        assertConflict(new StatusException(500, "Conflict", "x"), "500 with reason Conflict", true);
        assertConflict(new StatusException(409, "", "x"), "409 with an empty reason", true);
        assertConflict(new StatusException(409, null, "x"), "409 with no reason", true);
        assertConflict(new StatusException(409, "SomeNewReason", "x"), "409 SomeNewReason", true);
        assertConflict(new StatusException(409, "AlreadyExists", "x"), "409 AlreadyExists", false);
        assertConflict(new StatusException(422, "Invalid", "x"), "422 Invalid", false);
        assertConflict(new StatusException(500, "", "x"), "500 with an empty reason", false);
        assertConflict(new IllegalStateException("409 Conflict"), "an IllegalStateException(\"409 Conflict\")", false);
        assertConflict(null, "null", false);
    }

    private static void assertConflict(Throwable error, String what, boolean expected) {
        boolean answer = RetryOnConflict.isConflict(error);
        assertThat(answer).withFailMessage("your isConflict(%s) returned %s (./course hint 3.2)", what, answer)
                .isEqualTo(expected);
    }

    @Test
    @DisplayName("on etcd: a read-modify-write that loses twice keeps both other writers' changes and its own")
    void readModifyWriteOnEtcd(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("labels");
        etcd.put(key, "a");
        Sleeps sleeps = new Sleeps();
        int[] calls = {0};

        long revision = RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_RETRY, sleeps, randoms(0.0, 0.0), () -> {
            calls[0]++;
            KeyValue read = etcd.existing(key);                       // GET
            String mine = Direct.text(read.getValue()) + ",mine";    // modify
            if (calls[0] <= 2) {
                etcd.put(key, Direct.text(read.getValue()) + ",other" + calls[0]); // someone else writes first
            }
            long written = etcd.putIfUnchanged(key, mine, read.getModRevision()); // PUT with resourceVersion
            if (written < 0) {
                throw conflict(calls[0]);
            }
            return written;
        });

        assertThat(calls[0]).as("two conflicts, then a success").isEqualTo(3);
        assertSleeps(sleeps, "DefaultRetry, randoms 0.0, 0.0, two conflicts", 10 * MS, "10 ms + 0.0 x 10% x 10 ms",
                10 * MS, "10 ms + 0.0 x 10% x 10 ms");
        assertThat(etcd.value(key)).as("every write survives: nothing was lost").isEqualTo("a,other1,other2,mine");
        assertThat(revision).isEqualTo(etcd.modRevision(key));
    }
}
