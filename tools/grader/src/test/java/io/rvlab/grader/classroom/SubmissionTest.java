package io.rvlab.grader.classroom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rvlab.grader.Git;
import io.rvlab.grader.GraderException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exactly one commit is graded, and the report says which, and what else there was. */
class SubmissionTest {

    @TempDir
    Path dir;

    Path copy;

    Path answer;

    @BeforeEach
    void aStudentCopy() throws Exception {
        copy = dir.resolve("ada");
        answer = copy.resolve("exercises/ch01/src/main/java/Answer.java");
        Files.createDirectories(answer.getParent());
        Files.createDirectories(copy.resolve("exercises/ch01/src/test/java"));
        Files.writeString(copy.resolve("exercises/ch01/src/test/java/AnswerTest.java"), "class AnswerTest {}\n");
        Files.writeString(copy.resolve("exercises/ch01/exercises.yaml"), "chapter: 1\n");
        Files.writeString(answer, "// skeleton\n");
        git("init", "-q");
        commitAt("handout", "2026-11-20T10:00:00Z");
    }

    private void git(String... args) {
        Git.Result r = Git.run(copy, Duration.ofSeconds(30), args);
        assertThat(r.ok()).as("git %s: %s", String.join(" ", args), r.err()).isTrue();
    }

    /** Commits everything with both dates set to {@code date}, as the student's clock would write them. */
    private void commitAt(String message, String date) throws Exception {
        git("add", "-A");
        ProcessBuilder commit = new ProcessBuilder("git", "-C", copy.toString(), "-c", "user.name=ada", "-c", "user.email=ada@example.edu",
                "-c", "commit.gpgsign=false", "commit", "-q", "--allow-empty", "-m", message).redirectErrorStream(true);
        commit.environment().put("GIT_AUTHOR_DATE", date);
        commit.environment().put("GIT_COMMITTER_DATE", date);
        Process p = commit.start();
        String said = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as("git commit: %s", said).isZero();
    }

    @Test
    void headIsGradedAndUncommittedWorkIsNoted() throws Exception {
        Files.writeString(answer, "// done, committed\n");
        commitAt("1.1", "2026-11-30T10:00:00Z");
        Files.writeString(answer, "// reset again, not committed\n");

        Submission s = Submission.of(new Roster.Entry("ada", copy.toString()), null);
        s.export(dir.resolve("out"));

        assertThat(s.commit()).isEqualTo(Git.line(copy, "rev-parse", "HEAD"));
        assertThat(s.basis()).isEqualTo("HEAD");
        assertThat(s.uncommitted()).as("the working tree held more than HEAD").isTrue();
        assertThat(Files.readString(dir.resolve("out/exercises/ch01/src/main/java/Answer.java")))
                .as("what is graded is the commit, not the working tree").isEqualTo("// done, committed\n");
    }

    @Test
    void theLastCommitBeforeADeadline() throws Exception {
        Files.writeString(answer, "// in time\n");
        commitAt("in time", "2026-11-30T17:00:00Z");
        String inTime = Git.line(copy, "rev-parse", "HEAD");
        Files.writeString(answer, "// late\n");
        commitAt("late", "2026-12-01T18:30:00Z");

        Submission s = Submission.of(new Roster.Entry("ada", copy.toString()), Instant.parse("2026-12-01T18:00:00Z"));

        assertThat(s.commit()).as("the commit made after the deadline is not graded").isEqualTo(inTime);
        assertThat(s.basis()).isEqualTo("the last commit before 2026-12-01T18:00:00Z");
        assertThat(s.uncommitted()).isFalse();
    }

    @Test
    void changedGradingTestsAreListed() throws Exception {
        Files.writeString(copy.resolve("exercises/ch01/src/test/java/AnswerTest.java"), "class AnswerTest { /* emptied */ }\n");
        commitAt("easier tests", "2026-11-30T10:00:00Z");
        Path course = dir.resolve("course");
        Files.createDirectories(course.resolve("exercises/ch01/src/test/java"));
        Files.writeString(course.resolve("exercises/ch01/src/test/java/AnswerTest.java"), "class AnswerTest {}\n");
        Files.writeString(course.resolve("exercises/ch01/src/test/java/OtherTest.java"), "class OtherTest {}\n");
        Files.writeString(course.resolve("exercises/ch01/exercises.yaml"), "chapter: 1\n");

        Submission s = Submission.of(new Roster.Entry("ada", copy.toString()), null);
        s.export(dir.resolve("out"));
        s = s.withTestsComparedTo(course, dir.resolve("out"));

        assertThat(s.testsChanged()).as("a changed test and a removed one; the manifest is the course's")
                .containsExactly("exercises/ch01/src/test/java/AnswerTest.java", "exercises/ch01/src/test/java/OtherTest.java");
    }

    @Test
    void aSymbolicLinkIsNeverExported() throws Exception {
        Files.delete(answer);
        Files.createSymbolicLink(answer, Path.of("/etc/hostname"));
        commitAt("a link", "2026-11-30T10:00:00Z");

        Submission s = Submission.of(new Roster.Entry("ada", copy.toString()), null);
        s.export(dir.resolve("out"));

        assertThat(dir.resolve("out/exercises/ch01/src/main/java/Answer.java")).as("a link could point anywhere on the grading machine")
                .doesNotExist();
    }

    @Test
    void aCopyWithoutGitIsRefused() throws Exception {
        Path plain = dir.resolve("plain");
        Files.createDirectories(plain.resolve("exercises"));

        assertThatThrownBy(() -> Submission.of(new Roster.Entry("plain", plain.toString()), null))
                .isInstanceOf(GraderException.class).hasMessageContaining("has no git repository: a class grade grades a commit");
    }
}
