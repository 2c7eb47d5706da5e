package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.grader.fixtures.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tests' own output goes to the log, not the console; repeats are counted. */
class ExerciseRunnerTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void enableFixtures() {
        Fixtures.enable();
    }

    @Test
    void testOutputGoesToTheLogWithTheStackTraces() throws IOException {
        Manifest m = Manifest.load(FixtureModule.create(dir, "FailingFixture", "Compare"));
        PrintStream console = System.out;
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        System.setOut(new PrintStream(seen, true, StandardCharsets.UTF_8));
        ExerciseResult result;
        try {
            result = new ExerciseRunner(dir, dir.resolve("target/grader"), null, null).grade(m.find("1.1"), 1);
        } finally {
            System.setOut(console);
        }

        assertThat(seen.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(System.out).isSameAs(console);
        assertThat(result.log()).isEqualTo(dir.resolve("target/grader/1.1.log").toAbsolutePath());
        assertThat(result.file()).isEqualTo(dir.resolve("src/main/java/io/rvlab/exercises/ch01/Failing.java").toAbsolutePath());
        String log = Files.readString(result.log());
        assertThat(log).contains("noise from the passing test", "noise on stderr from the failing test",
                "----- FAILED: comparesRevisions()", "java.lang.AssertionError", "at io.rvlab.grader.fixtures.FailingFixture.comparesRevisions");
    }

    @Test
    void verboseEchoesTheTestsOutput() {
        Manifest m = Manifest.load(FixtureModule.create(dir, "PassingFixture", "Pass"));
        ByteArrayOutputStream echoed = new ByteArrayOutputStream();
        PrintStream echo = new PrintStream(echoed, true, StandardCharsets.UTF_8);

        new ExerciseRunner(dir, dir.resolve("target/grader"), echo, echo).grade(m.find("1.1"), 1);

        assertThat(echoed.toString(StandardCharsets.UTF_8)).contains("noise from a passing test");
    }

    @Test
    void repeatsRunKTimesIntoOneFreshLog() throws IOException {
        Manifest m = Manifest.load(FixtureModule.create(dir, "PassingFixture", "Pass"));
        ExerciseRunner runner = new ExerciseRunner(dir, dir.resolve("target/grader"), null, null);
        runner.grade(m.find("1.1"), 2);

        ExerciseResult result = runner.grade(m.find("1.1"), 3);

        assertThat(result.runs()).hasSize(3);
        assertThat(result.runsPassed()).isEqualTo(3);
        assertThat(result.status()).isEqualTo(Status.PASSED);
        assertThat(Files.readString(result.log())).contains("run 3 of 3").doesNotContain("run 1 of 2");
    }
}
