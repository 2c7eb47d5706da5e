package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./course grade} without Maven: the grader compiles the learner's module itself, grades what
 * was saved last, and a file that does not compile costs only its own exercise.
 */
class LearnerBuildTest {

    @TempDir
    Path dir;

    private String out;

    @Test
    void aSaveIsGradedWithoutABuildAndABrokenFileCostsOnlyItsExercise() throws Exception {
        Path module = dir.resolve("exercises/ch01");
        put(module.resolve(Manifest.FILE_NAME), """
                chapter: 1
                title: "demo"
                exercises:
                  - id: "1.1"
                    title: "Add"
                    file: src/main/java/demo/Adder.java
                    tests: demo.AdderTest
                    hints: ["What is a sum?"]
                  - id: "1.2"
                    title: "Negate"
                    file: src/main/java/demo/Negator.java
                    tests: demo.NegatorTest
                    hints: ["What is zero minus a number?"]
                """);
        put(module.resolve("src/main/java/demo/Adder.java"), skeleton("Adder", "add(int a, int b)"));
        put(module.resolve("src/main/java/demo/Negator.java"), skeleton("Negator", "negate(int a)"));
        put(module.resolve("src/test/java/demo/AdderTest.java"), test("Adder", "Adder.add(2, 3)", 5));
        put(module.resolve("src/test/java/demo/NegatorTest.java"), test("Negator", "Negator.negate(2)", -2));
        git(dir, "init", "-q");
        git(dir, "add", "-A");
        git(dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "handout");
        git(dir, "tag", "rvlab-handout");

        assertThat(grade(module)).isEqualTo(1);
        assertThat(out).containsPattern("1\\.1 +Add +NOT STARTED").containsPattern("1\\.2 +Negate +NOT STARTED");

        put(module.resolve("src/main/java/demo/Negator.java"), skeleton("Negator", "negate(int a)").replace(
                "throw new UnsupportedOperationException(\"TODO exercise\");", "return -a;"));
        put(module.resolve("src/main/java/demo/Adder.java"), skeleton("Adder", "add(int a, int b)").replace(
                "throw new UnsupportedOperationException(\"TODO exercise\");", "return a + c;"));

        assertThat(grade(module)).isEqualTo(1);
        assertThat(out).as("the save is graded, no stale classes").containsPattern("1\\.2 +Negate +PASSED")
                .containsPattern("1\\.1 +Add +FAILED")
                .contains("x compiling src/main/java/demo/Adder.java: Adder.java:4: cannot find symbol");
    }

    private int grade(Path module) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        int status = Grader.run(new String[] {"--module", module.toString(), "--compile", "--state", dir.resolve("state").toString()},
                new PrintStream(o, true, StandardCharsets.UTF_8), quiet);
        out = o.toString(StandardCharsets.UTF_8);
        return status;
    }

    private static String skeleton(String name, String signature) {
        return "package demo;\npublic final class " + name + " {\n    public static int " + signature + " {\n"
                + "        throw new UnsupportedOperationException(\"TODO exercise\");\n    }\n}\n";
    }

    private static String test(String name, String call, int expected) {
        return "package demo;\nimport static org.assertj.core.api.Assertions.assertThat;\nimport org.junit.jupiter.api.Test;\n"
                + "class " + name + "Test {\n    @Test void works() { assertThat(" + call + ").isEqualTo(" + expected + "); }\n}\n";
    }

    private static void put(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static void git(Path where, String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = "git";
        System.arraycopy(args, 0, command, 1, args.length);
        Process p = new ProcessBuilder(command).directory(where.toFile()).inheritIO().start();
        assertThat(p.waitFor()).as("git " + String.join(" ", args)).isZero();
    }
}
