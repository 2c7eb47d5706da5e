package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the learner reads, for each status, without running anything. */
class ScoreboardTest {

    private final Path root = Path.of("/work/rvlab").toAbsolutePath();
    private final Manifest.Exercise passing = exercise("1.1", "Read the four numbers");
    private final Manifest.Exercise failing = exercise("1.2", "Watch from a revision");
    private final Manifest manifest = new Manifest(1, "etcd revisions", List.of(passing, failing));
    private final java.util.Map<String, Integer> hintsShown = new java.util.HashMap<>(java.util.Map.of("1.2", 1));
    private final Scoreboard board = new Scoreboard(manifest, manifest.exercises(), false, root, id -> hintsShown.getOrDefault(id, 0));

    @Test
    void headerAndFooter() {
        assertThat(board.header()).isEqualTo("rvlab chapter 1: etcd revisions\n");
        assertThat(board.footer(List.of(result(passing, passed(3)), result(failing, failedAssertion()))))
                .isEqualTo("\n1 of 2 exercises pass\n");
    }

    @Test
    void aPassIsOneLine() {
        assertThat(board.exercise(result(passing, passed(3))))
                .isEqualTo("  1.1  Read the four numbers  PASSED        3/3 tests passed\n");
    }

    @Test
    void aFailureShowsTheFirstFailingTestTheHintAndWhereToLook() {
        String text = board.exercise(result(failing, failedAssertion()));

        assertThat(text).isEqualTo("""
                  1.2  Watch from a revision  FAILED        1/3 tests passed
                       x startsAt(Client): expected: 5
                          but was: 6  (+1 more)
                       edit: exercises/ch01/src/main/java/X.java
                       hint 1 of 2: look at the header
                       more: ./course hint 1.2 (hint 2 of 2 next)
                       log:  exercises/ch01/target/grader/1.2.log (the tests' output)
                """);
    }

    @Test
    void aFailureNeverRevealsAHintTheLearnerHasNotAskedFor() {
        hintsShown.put("1.2", 0);

        assertThat(board.exercise(result(failing, failedAssertion()))).doesNotContain("look at the header")
                .contains("more: ./course hint 1.2 (hint 1 of 2 next)");
    }

    @Test
    void notStartedPointsAtTheFileButShowsNoHint() {
        RunResult todo = new RunResult(0, 1, 0, List.of(Failure.of("reads(Client)", new UnsupportedOperationException("TODO read it"))), null);

        String text = board.exercise(result(passing, todo));

        assertThat(text).contains("NOT STARTED", "0/1 tests passed", "x reads(Client): TODO read it",
                "edit: exercises/ch01/src/main/java/X.java", "stuck? ./course hint 1.1 (one hint at a time)")
                .doesNotContain("look at the header", "hint 1 of");
    }

    @Test
    void aFailureShowsTheHintItsFirstFailingTestIsMappedTo() {
        Manifest.Exercise mapped = new Manifest.Exercise("1.2", "Watch", "src/main/java/X.java", "x.XTest", null, null, null, null,
                List.of("gentle", "about the header", "about the footer"), java.util.Map.of("startsAt", 3, "other", 2));
        RunResult run = new RunResult(1, 2, 0, List.of(
                Failure.of("starts at five", new AssertionError("expected: 5")).inMethod("startsAt"),
                Failure.of("other()", new AssertionError("x")).inMethod("other")), null);

        hintsShown.put("1.2", 3);
        assertThat(board.exercise(result(mapped, run))).contains("hint 3 of 3: about the footer").doesNotContain("gentle");
        RunResult unmapped = new RunResult(0, 1, 0, List.of(Failure.of("else()", new AssertionError("y")).inMethod("somethingElse")), null);
        assertThat(board.exercise(result(mapped, unmapped))).contains("hint 1 of 3: gentle");
    }

    @Test
    void noTestsRanIsTheCoursesProblemSoNoHint() {
        String text = board.exercise(result(passing, new RunResult(0, 0, 0, List.of(), null)));

        assertThat(text).contains("NO TESTS RAN", "0 tests ran", "x no test ran: the test class has no tests", "log:")
                .doesNotContain("hint:", "edit:");
    }

    @Test
    void repeatsShowThePassRateAndFlakiness() {
        ExerciseResult flaky = new ExerciseResult(failing, root.resolve("x"), root.resolve("y"),
                List.of(passed(3), failedAssertion(), passed(3), passed(3), failedAssertion()));

        assertThat(flaky.status()).isEqualTo(Status.FAILED);
        assertThat(board.exercise(flaky)).contains("FAILED", "1/3 tests passed; 3/5 runs passed: flaky");
        ExerciseResult steady = new ExerciseResult(passing, root.resolve("x"), root.resolve("y"), List.of(passed(2), passed(2)));
        assertThat(board.exercise(steady)).contains("PASSED", "2/2 runs passed").doesNotContain("flaky");
    }

    @Test
    void colourOnlyWhenAsked() {
        Scoreboard colored = new Scoreboard(manifest, manifest.exercises(), true, root, id -> 0);

        assertThat(colored.exercise(result(passing, passed(1)))).contains("\033[32mPASSED");
        assertThat(board.exercise(result(passing, passed(1)))).doesNotContain("\033[");
    }

    private static Manifest.Exercise exercise(String id, String title) {
        return new Manifest.Exercise(id, title, "src/main/java/X.java", "x.XTest", List.of("look at the header", "more"));
    }

    private ExerciseResult result(Manifest.Exercise e, RunResult run) {
        return new ExerciseResult(e, root.resolve("exercises/ch01/src/main/java/X.java"),
                root.resolve("exercises/ch01/target/grader/" + e.id() + ".log"), List.of(run));
    }

    private static RunResult passed(int n) {
        return new RunResult(n, 0, 0, List.of(), null);
    }

    private static RunResult failedAssertion() {
        return new RunResult(1, 2, 0, List.of(
                Failure.of("startsAt(Client)", new AssertionError("\nexpected: 5\n but was: 6")),
                Failure.of("other(Client)", new AssertionError("x"))), null);
    }
}
