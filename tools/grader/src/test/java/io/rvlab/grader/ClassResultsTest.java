package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ./course class merge: one row per student, one column per exercise, and a CSV. */
class ClassResultsTest {

    @TempDir
    Path results;

    private static JsonReport.ExerciseReport exercise(String id, Status status) {
        return new JsonReport.ExerciseReport(id, "t", status, null, 1, status == Status.PASSED ? 1 : 0, 0, 0, List.of(), "f", null, "l", 0, List.of());
    }

    private void report(String dir, String student, String tests, JsonReport.ExerciseReport... exercises) throws Exception {
        JsonReport.Report r = new JsonReport.Report(1, "etcd revisions", "/m", 1, List.of(exercises), new JsonReport.Totals(exercises.length, 0, 0),
                false, student, "2026-11-26T10:00:00Z", "0123456789abcdef", tests, "origin");
        Files.createDirectories(results.resolve(dir));
        Files.writeString(results.resolve(dir).resolve("ch01.json"), JsonReport.write(r));
    }

    @Test
    void aTableAndACsv() throws Exception {
        report("ada", "Ada, Countess", "aaa", exercise("1.1", Status.PASSED), exercise("1.2", Status.FAILED), exercise("1.10", Status.NO_TESTS_RAN));
        report("alan", "Alan", "bbb", exercise("1.1", Status.NOT_STARTED), exercise("1.2", Status.PASSED), exercise("1.10", Status.PASSED));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        ClassResults.merge(results, results.resolve("class.csv"), new PrintStream(out, true, StandardCharsets.UTF_8));

        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).as("a student is named by their results folder, not by the name inside their report")
                .contains("student  commit   uncommitted  tests  1.1  1.2   1.10  passed", "ada      0123456                      ok   FAIL  ERR   1/3",
                "alan     0123456                      -    ok    ok    2/3", "WARNING: chapter 1 was graded with 2 different sets of grading tests");
        assertThat(Files.readAllLines(results.resolve("class.csv"))).containsExactly(
                "student,commit,graded_commit_is,uncommitted_changes,tests_changed,graded_at,tests_sha256,1.1,1.2,1.10,passed,exercises",
                "ada,0123456789abcdef,,no,,2026-11-26T10:00:00Z,1:aaa,PASSED,FAILED,NO_TESTS_RAN,1,3",
                "alan,0123456789abcdef,,no,,2026-11-26T10:00:00Z,1:bbb,NOT_STARTED,PASSED,PASSED,2,3");
    }

    @Test
    void whatWasGradedIsShown() throws Exception {
        report("ada", "Ada", "aaa", exercise("1.1", Status.PASSED));
        Files.writeString(results.resolve("ada/submission.json"), """
                {"submission":{"student":"ada","copy":"/srv/ada","commit":"fedcba9876543210","committed":"2026-11-30T17:00:00Z",
                 "basis":"the last commit before 2026-12-01T17:00:00Z","uncommitted":true,
                 "testsChanged":["exercises/ch01/src/test/java/FourNumbersTest.java"]},"courseCommit":"abc","graded":"2026-12-01T18:00:00Z"}
                """);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        ClassResults.merge(results, results.resolve("class.csv"), new PrintStream(out, true, StandardCharsets.UTF_8));

        assertThat(out.toString(StandardCharsets.UTF_8)).as("the commit graded, uncommitted work, and changed grading tests, on the terminal")
                .contains("ada      fedcba9  yes          CHANGED(1)  ok   1/1",
                        "TESTS CHANGED by ada: exercises/ch01/src/test/java/FourNumbersTest.java");
        assertThat(Files.readAllLines(results.resolve("class.csv")).get(1)).as("and in the CSV")
                .startsWith("ada,fedcba9876543210,the last commit before 2026-12-01T17:00:00Z,yes,exercises/ch01/src/test/java/FourNumbersTest.java,");
    }
}
