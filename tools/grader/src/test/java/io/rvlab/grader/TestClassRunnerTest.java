package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.grader.fixtures.BrokenSetupFixture;
import io.rvlab.grader.fixtures.DisabledFixture;
import io.rvlab.grader.fixtures.EmptyFixture;
import io.rvlab.grader.fixtures.FailingFixture;
import io.rvlab.grader.fixtures.Fixtures;
import io.rvlab.grader.fixtures.JdkUnsupportedFixture;
import io.rvlab.grader.fixtures.MixedFixture;
import io.rvlab.grader.fixtures.PassingFixture;
import io.rvlab.grader.fixtures.TodoFixture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The classification everything else relies on, checked on real JUnit runs of the fixtures through
 * the same launcher code the grader uses. No etcd is needed: the fixtures do not touch it.
 */
class TestClassRunnerTest {

    private final TestClassRunner runner = new TestClassRunner();

    @BeforeAll
    static void enableFixtures() {
        Fixtures.enable();
    }

    @Test
    void allPassingIsPassed() {
        RunResult r = runner.run(PassingFixture.class.getName());

        assertThat(r.status()).isEqualTo(Status.PASSED);
        assertThat(r.passed()).isEqualTo(2);
        assertThat(r.run()).isEqualTo(2);
        assertThat(r.failures()).isEmpty();
        assertThat(r.reason()).isNull();
    }

    @Test
    void aFailedAssertionIsFailedWithItsTestAndOneLine() {
        RunResult r = runner.run(FailingFixture.class.getName());

        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.passed()).isEqualTo(1);
        assertThat(r.failed()).isEqualTo(1);
        assertThat(r.failures()).singleElement().satisfies(f -> {
            assertThat(f.test()).isEqualTo("comparesRevisions()");
            assertThat(f.message()).isEqualTo("expected: 5\n but was: 6");
        });
        assertThat(r.reason()).isEqualTo("comparesRevisions(): expected: 5\n but was: 6");
    }

    @Test
    void onlyTheSkeletonsTodoIsNotStarted() {
        RunResult r = runner.run(TodoFixture.class.getName());

        assertThat(r.status()).isEqualTo(Status.NOT_STARTED);
        assertThat(r.failed()).isEqualTo(4);
        assertThat(r.failures()).allMatch(Failure::todo)
                .extracting(Failure::message).containsOnly("TODO read the revision from the response header");
        assertThat(r.reason()).contains("TODO read the revision from the response header");
    }

    @Test
    void oneTestPassingMeansStartedSoTheRestIsFailed() {
        assertThat(runner.run(MixedFixture.class.getName()).status()).isEqualTo(Status.FAILED);
    }

    @Test
    void theJdksUnsupportedOperationIsARealFailure() {
        RunResult r = runner.run(JdkUnsupportedFixture.class.getName());

        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.reason()).isEqualTo("addsToAnImmutableList(): UnsupportedOperationException");
    }

    @Test
    void noTestsIsNeverAPass() {
        RunResult r = runner.run(EmptyFixture.class.getName());

        assertThat(r.status()).isEqualTo(Status.NO_TESTS_RAN);
        assertThat(r.reason()).isEqualTo("no test ran: the test class has no tests");
    }

    @Test
    void aDisabledClassRunsNothingAndSaysWhy() {
        RunResult r = runner.run(DisabledFixture.class.getName());

        assertThat(r.status()).isEqualTo(Status.NO_TESTS_RAN);
        assertThat(r.skipped()).isEqualTo(1);
        assertThat(r.reason()).isEqualTo("no test ran: DisabledFixture is disabled (waiting for chapter 2)");
    }

    @Test
    void aMissingClassRunsNothingAndSaysWhy() {
        RunResult r = runner.run("io.rvlab.exercises.ch01.NoSuchTest");

        assertThat(r.status()).isEqualTo(Status.NO_TESTS_RAN);
        assertThat(r.reason()).startsWith("NoSuchTest: test class io.rvlab.exercises.ch01.NoSuchTest is not on the class path");
    }

    @Test
    void aClassThatBreaksBeforeItsTestsRunsNothingAndSaysWhy() {
        RunResult r = runner.run(BrokenSetupFixture.class.getName());

        assertThat(r.status()).isEqualTo(Status.NO_TESTS_RAN);
        assertThat(r.reason()).isEqualTo("BrokenSetupFixture (class setup or teardown): IllegalStateException: could not start etcd from image x");
    }
}
