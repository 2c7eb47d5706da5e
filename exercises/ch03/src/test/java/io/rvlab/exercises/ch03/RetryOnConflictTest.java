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
                .withFailMessage("%s: expected %d sleep%s (one between two attempts, none before the first or after the"
                        + " last), but your code slept %d time%s: %s", situation, count, count == 1 ? "" : "s",
                        sleeps.nanos.size(), sleeps.nanos.size() == 1 ? "" : "s", sleeps)
                .isEqualTo(count);
        for (int i = 0; i < count; i++) {
            long want = (Long) expected[2 * i];
            long got = sleeps.nanos.get(i);
            assertThat(got)
                    .withFailMessage("%s: the %s sleep (before attempt %d) was %s; expected %s = %s. All your sleeps: %s",
                            situation, ORDINALS.get(i), i + 2, ms(got), ms(want), expected[2 * i + 1], sleeps)
                    .isCloseTo(want, within(1L));
        }
    }

    /** Hands out the given numbers in order, and fails the test if more are asked for. */
    private static DoubleSupplier randoms(double... values) {
        Iterator<Double> it = java.util.Arrays.stream(values).boxed().iterator();
        return () -> {
            assertThat(it.hasNext()).withFailMessage("your code asked for more random numbers than there are sleeps"
                    + " (%d expected): one random number per sleep, asked when that sleep is computed", values.length).isTrue();
            return it.next();
        };
    }

    /** For a backoff without jitter: fails the test if a random number is asked for at all. */
    private static DoubleSupplier noRandom() {
        return () -> {
            throw new AssertionError("your code asked for a random number with a jitter of 0: client-go's Backoff.Step"
                    + " jitters a wait only when Jitter > 0 (k8s.io/apimachinery/pkg/util/wait/backoff.go), so it"
                    + " draws no random number then");
        };
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

        Throwable thrown = catchThrowable(() -> RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_RETRY, sleeps,
                randoms(0.0, 0.5, 0.25, 0.75), () -> {
                    StatusException e = conflict(thrownByFn.size() + 1);
                    thrownByFn.add(e);
                    throw e;
                }));

        assertThat(thrown).as("out of attempts: the conflict is thrown").isInstanceOf(StatusException.class);
        assertThat(thrownByFn).as("attempts (runs of fn) with Steps 5").hasSize(5);
        assertThat(thrown).as("OnError returns the last conflict, the very same exception (not a wrapper, not the first)")
                .isSameAs(thrownByFn.get(4));
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

        Throwable thrown = catchThrowable(() -> RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_BACKOFF, sleeps,
                randoms(0.5, 0.5, 0.5), () -> {
                    calls[0]++;
                    throw conflict(calls[0]);
                }));

        assertThat(thrown).isInstanceOf(StatusException.class);
        assertThat(calls[0]).as("attempts with Steps 4").isEqualTo(4);
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

        Throwable thrown = catchThrowable(() -> RetryOnConflict.retryOnConflict(new Backoff(4, Duration.ofMillis(7), 0.0, 0.0),
                sleeps, noRandom(), () -> {
                    calls[0]++;
                    throw conflict(calls[0]);
                }));

        assertThat(thrown).as("out of attempts: the conflict is thrown").isInstanceOf(StatusException.class);
        assertThat(calls[0]).as("attempts with Steps 4").isEqualTo(4);
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

        Throwable thrown = catchThrowable(() -> RetryOnConflict.retryOnConflict(new Backoff(1, Duration.ofMillis(10), 1.0, 0.1),
                sleeps, randoms(), () -> {
                    StatusException e = conflict(thrownByFn.size() + 1);
                    thrownByFn.add(e);
                    throw e;
                }));

        assertThat(thrown).as("Steps 1 is out of attempts after the first conflict: the conflict is thrown")
                .isInstanceOf(StatusException.class);
        assertThat(thrownByFn).as("attempts (runs of fn) with Steps 1").hasSize(1);
        assertThat(thrown).as("the conflict thrown: the one fn threw itself").isSameAs(thrownByFn.get(0));
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

            Throwable thrown = catchThrowable(() -> RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_RETRY, sleeps,
                    randoms(), () -> {
                        calls[0]++;
                        throw error;
                    }));

            assertThat(thrown).as("%s is not a conflict: it is thrown as it is", error).isSameAs(error);
            assertThat(calls[0]).as("%s: one attempt only", error).isEqualTo(1);
            assertSleeps(sleeps, error + " on the first attempt (not a conflict)");
        }
    }

    @Test
    @DisplayName("a conflict, then another error: the other error ends it, after one sleep")
    void conflictThenOtherError() {
        Sleeps sleeps = new Sleeps();
        StatusException notFound = new StatusException(404, "NotFound", "configmaps \"cm-a\" not found");
        int[] calls = {0};

        Throwable thrown = catchThrowable(() -> RetryOnConflict.retryOnConflict(RetryOnConflict.DEFAULT_RETRY, sleeps,
                randoms(0.0), () -> {
                    calls[0]++;
                    throw calls[0] == 1 ? conflict(1) : notFound;
                }));

        assertThat(thrown).as("the object was deleted meanwhile: retrying cannot help").isSameAs(notFound);
        assertThat(calls[0]).as("attempts: a conflict, then the NotFound").isEqualTo(2);
        assertSleeps(sleeps, "DefaultRetry, random 0.0, a conflict then a NotFound", 10 * MS, "10 ms + 0.0 x 10% x 10 ms");
    }

    @Test
    @DisplayName("isConflict is apimachinery's IsConflict: reason Conflict, or 409 with a reason it does not know")
    void isConflict() {
        assertThat(RetryOnConflict.isConflict(new StatusException(409, "Conflict", "x"))).as("409 Conflict").isTrue();
        assertThat(RetryOnConflict.isConflict(new StatusException(500, "Conflict", "x")))
                .as("reason Conflict is enough, whatever the code").isTrue();
        assertThat(RetryOnConflict.isConflict(new StatusException(409, "", "x"))).as("409, empty reason (Unknown)").isTrue();
        assertThat(RetryOnConflict.isConflict(new StatusException(409, null, "x"))).as("409, no reason").isTrue();
        assertThat(RetryOnConflict.isConflict(new StatusException(409, "SomeNewReason", "x")))
                .as("409 with a reason apimachinery does not know").isTrue();
        assertThat(RetryOnConflict.isConflict(new StatusException(409, "AlreadyExists", "x")))
                .as("409 AlreadyExists is a known reason and not a conflict").isFalse();
        assertThat(RetryOnConflict.isConflict(new StatusException(422, "Invalid", "x"))).isFalse();
        assertThat(RetryOnConflict.isConflict(new StatusException(500, "", "x"))).as("500, empty reason").isFalse();
        assertThat(RetryOnConflict.isConflict(new IllegalStateException("409 Conflict")))
                .as("only a StatusException carries a code and a reason").isFalse();
        assertThat(RetryOnConflict.isConflict(null)).as("no error is no conflict").isFalse();
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
