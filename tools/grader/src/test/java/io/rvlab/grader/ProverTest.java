package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof, on a small real exercise module written to disk: a skeleton, its grading test, a
 * solution and a catalogue of wrong answers, all compiled and loaded by the prover itself.
 */
class ProverTest {

    private static final String SKELETON = """
            package demo;
            public final class Adder {
                public static int add(int a, int b) {
                    throw new UnsupportedOperationException("TODO exercise 1.1");
                }
            }
            """;
    private static final String SOLUTION = """
            package demo;
            public final class Adder {
                public static int add(int a, int b) {
                    return a + b;
                }
            }
            """;
    private static final String TEST = """
            package demo;
            import static org.assertj.core.api.Assertions.assertThat;
            import org.junit.jupiter.api.Nested;
            import org.junit.jupiter.api.Test;
            class AdderTest {
                @Test void addsSmallNumbers() { assertThat(Adder.add(2, 3)).isEqualTo(5); }
                @Nested class WithNegatives {
                    @Test void addsANegative() { assertThat(Adder.add(2, -3)).isEqualTo(-1); }
                }
            }
            """;
    /** Forgets the sign: caught by the nested test only. */
    private static final String ABS = """
            # mistake: adds the magnitudes, forgetting the sign
            # caught-by: addsANegative
            --- a/src/main/java/demo/Adder.java
            +++ b/src/main/java/demo/Adder.java
            @@ -2,6 +2,6 @@
             public final class Adder {
                 public static int add(int a, int b) {
            -        return a + b;
            +        return Math.abs(a) + Math.abs(b);
                 }
             }
            """;

    @TempDir
    Path dir;

    private String out;

    @Test
    void aProperExerciseWithItsWrongAnswersIsProven() throws IOException {
        write(SKELETON, SOLUTION, TEST);
        wrong("abs", ABS);

        assertThat(prove()).isZero();
        assertThat(out).containsPattern("1\\.1 +\\| 2 +\\| NOT STARTED \\(0/2\\) +\\| PASSED \\(2/2\\) +\\| 1/1 caught +\\| ok")
                .contains("1 of 1 exercises proven, 1 wrong answers tried")
                .endsWith("\nprove: 1 passed, 0 failed\n");
    }

    @Test
    void aWrongAnswerTheNamedTestDoesNotCatchDisprovesTheExercise() throws IOException {
        write(SKELETON, SOLUTION, TEST);
        wrong("abs", ABS.replace("caught-by: addsANegative", "caught-by: addsSmallNumbers"));

        assertThat(prove()).isEqualTo(1);
        assertThat(out).containsPattern("0/1 caught +\\| WRONG: abs: passes addsSmallNumbers \\(adds the magnitudes, forgetting the sign\\)");
    }

    @Test
    void aWrongAnswerNamingNoTestOrNoLongerApplyingIsReported() throws IOException {
        write(SKELETON, SOLUTION, TEST);
        wrong("renamed", ABS.replace("caught-by: addsANegative", "caught-by: addsNegatives"));
        wrong("stale", ABS.replace("-        return a + b;", "-        return b + a;"));

        assertThat(prove()).isEqualTo(1);
        assertThat(out).contains("renamed: addsNegatives: no test method addsNegatives in demo.AdderTest")
                .contains("stale: 1.1/stale.diff no longer applies to src/main/java/demo/Adder.java near line 2");
    }

    @Test
    void aSkeletonThatPassesAndASolutionThatFailsAreBothWrong() throws IOException {
        write(SOLUTION, SKELETON, TEST);

        assertThat(prove()).isEqualTo(1);
        assertThat(out).contains("WRONG: the skeleton passes").contains("the solution fails: addsSmallNumbers()")
                .contains("| none yet ");
    }

    @Test
    void theModulesOtherTestsRunOnTheSolutionToo() throws IOException {
        write(SKELETON, SOLUTION, TEST);
        put(dir.resolve("exercises/ch01/src/test/java/demo/GivenPartTest.java"), """
                package demo;
                import static org.assertj.core.api.Assertions.assertThat;
                import org.junit.jupiter.api.Test;
                class GivenPartTest {
                    @Test void givenCodeWorks() { assertThat(Adder.add(1, 1)).isEqualTo(3); }
                }
                """);

        assertThat(prove()).isEqualTo(1);
        assertThat(out).contains("prove: WRONG: the module's other tests fail on the solutions: demo.GivenPartTest: givenCodeWorks()");
    }

    @Test
    void aSolutionThatDoesNotCompileIsOneClearLine() throws IOException {
        write(SKELETON, SOLUTION.replace("a + b", "a + c"), TEST);

        assertThatThrownBy(this::prove).isInstanceOf(GraderException.class)
                .hasMessageContaining("the solutions in " + dir.resolve("solutions/ch01") + " do not compile: Adder.java:4: cannot find symbol");
    }

    private void write(String skeleton, String solution, String test) throws IOException {
        put(dir.resolve("exercises/ch01/src/main/java/demo/Adder.java"), skeleton);
        put(dir.resolve("exercises/ch01/src/test/java/demo/AdderTest.java"), test);
        put(dir.resolve("solutions/ch01/src/main/java/demo/Adder.java"), solution);
        put(dir.resolve("exercises/ch01/" + Manifest.FILE_NAME), """
                chapter: 1
                title: "demo"
                exercises:
                  - id: "1.1"
                    title: "Add"
                    file: src/main/java/demo/Adder.java
                    tests: demo.AdderTest
                    hints:
                      - "What is a sum?"
                """);
    }

    private void wrong(String name, String diff) throws IOException {
        put(dir.resolve("solutions/ch01/wrong/1.1/" + name + ".diff"), diff);
    }

    private static void put(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private int prove() {
        Path module = dir.resolve("exercises/ch01");
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        Options options = Options.parse("--module", module.toString(), "--prove", dir.resolve("solutions/ch01").toString());
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try {
            return new Prover(Manifest.load(module), options, new PrintStream(o, true, StandardCharsets.UTF_8), err).prove();
        } finally {
            out = o.toString(StandardCharsets.UTF_8);
        }
    }
}
