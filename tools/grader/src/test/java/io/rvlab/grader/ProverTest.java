package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rvlab.grader.fixtures.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof with a real child JVM. Its "solution" class path is this test JVM's own, and a system
 * property flips SolutionSideFixture from skeleton (TODO) to solved.
 */
class ProverTest {

    @TempDir
    Path dir;

    private String out;

    @BeforeAll
    static void enableFixtures() {
        Fixtures.enable();
    }

    @Test
    void aProperExerciseIsProven() throws IOException {
        Path module = FixtureModule.create(dir.resolve("exercises"), "SolutionSideFixture", "Solvable");

        assertThat(prove(module, solution())).isZero();
        assertThat(out).containsPattern("1\\.1 +\\| 1 +\\| NOT STARTED \\(0/1\\) +\\| PASSED \\(1/1\\) +\\| ok")
                .contains("prove: chapter 1 (fixtures): 1 of 1 exercises proven")
                .endsWith("\nprove: 1 passed, 0 failed\n");
    }

    @Test
    void everyWayAnExerciseCanBeWrong() throws IOException {
        Path module = FixtureModule.create(dir.resolve("exercises"), "SolutionSideFixture", "Solvable", "PassingFixture", "Free pass",
                "FailingFixture", "Impossible", "EmptyFixture", "Empty");

        assertThat(prove(module, solution())).isEqualTo(1);
        assertThat(out).contains("exercise | tests | skeleton (must fail) | solution (must pass) | verdict")
                .containsPattern("1\\.1 .*\\| ok")
                .containsPattern("1\\.2 .*\\| WRONG: the skeleton passes")
                .containsPattern("1\\.3 .*\\| WRONG: the solution fails: comparesRevisions\\(\\): expected: 5 but was: 6")
                .containsPattern("1\\.4 .*\\| WRONG: on the skeleton no test ran: .*; on the solution no test ran")
                .endsWith("\nprove: 1 passed, 3 failed\n");
    }

    @Test
    void anUnbuiltSolutionIsOneClearLine() throws IOException {
        Path module = FixtureModule.create(dir.resolve("exercises"), "SolutionSideFixture", "Solvable");
        Path solution = Files.createDirectories(dir.resolve("solutions/ch01"));

        assertThatThrownBy(() -> prove(module, solution)).isInstanceOf(GraderException.class)
                .hasMessageStartingWith("the solution module is not built (" + solution.resolve("target/classes") + " is missing)");
    }

    /** A "built" solution module whose class path is this JVM's (fixtures and grader included). */
    private Path solution() throws IOException {
        Path solution = dir.resolve("solutions/ch01");
        Files.createDirectories(solution.resolve("target/classes"));
        Files.createDirectories(solution.resolve("target/test-classes"));
        Files.writeString(solution.resolve("target/classpath.txt"), System.getProperty("java.class.path"));
        return solution;
    }

    private int prove(Path module, Path solution) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        Options options = Options.parse("--module", module.toString(), "--prove", solution.toString());
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        int status = new Prover(Manifest.load(module), options, new PrintStream(o, true, StandardCharsets.UTF_8), err,
                List.of("-D" + Fixtures.ENABLE + "=true", "-D" + Fixtures.SIDE + "=solution"),
                ProcessBuilder.Redirect.appendTo(dir.resolve("child-stderr.txt").toFile())).prove();
        out = o.toString(StandardCharsets.UTF_8);
        return status;
    }
}
