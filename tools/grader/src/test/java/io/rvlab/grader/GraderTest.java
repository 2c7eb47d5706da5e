package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rvlab.grader.fixtures.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole grader, in this JVM, as ./course runs it, on a module of fixture exercises. */
class GraderTest {

    @TempDir
    Path dir;

    private Path module;
    private String out;
    private String err;

    @BeforeAll
    static void enableFixtures() {
        Fixtures.enable();
    }

    @BeforeEach
    void module() {
        module = FixtureModule.create(dir, "PassingFixture", "Passes", "FailingFixture", "Fails", "TodoFixture", "Untouched",
                "EmptyFixture", "Empty");
    }

    @Test
    void theScoreboard() {
        int status = grader("--module", module.toString());

        assertThat(status).isEqualTo(1);
        assertThat(out).startsWith("rvlab chapter 1: fixtures\n")
                .containsPattern("1\\.1 +Passes +PASSED +2/2 tests passed")
                .containsPattern("1\\.2 +Fails +FAILED +1/2 tests passed")
                .contains("x comparesRevisions(): expected: 5\n" + " ".repeat(10) + "but was: 6", "more: ./course hint 1.2", "target/grader/1.2.log")
                .containsPattern("1\\.3 +Untouched +NOT STARTED +0/4 tests passed")
                .containsPattern("1\\.4 +Empty +NO TESTS RAN +0 tests ran")
                .endsWith("\n1 of 4 exercises pass\n")
                .as("the tests' own output stays in the logs").doesNotContain("noise");
    }

    @Test
    void oneExercise() {
        assertThat(grader("--module", module.toString(), "--exercise", "1.1")).isZero();
        assertThat(out).contains("1.1").doesNotContain("1.2").endsWith("1 of 1 exercises pass\n");
    }

    @Test
    void jsonIsAllThereIsOnStdout() throws IOException {
        int status = grader("--module", module.toString(), "--format", "json", "--verbose");

        assertThat(status).isEqualTo(1);
        JsonNode json = new ObjectMapper().readTree(out); // fails if anything but JSON is there
        assertThat(json.get("chapter").asInt()).isEqualTo(1);
        assertThat(json.get("title").asText()).isEqualTo("fixtures");
        assertThat(json.get("totals").get("passed").asInt()).isEqualTo(1);
        assertThat(json.get("totals").get("exercises").asInt()).isEqualTo(4);
        assertThat(json.get("allPassed").asBoolean()).isFalse();
        List<String> statuses = new ArrayList<>();
        json.get("exercises").forEach(e -> statuses.add(e.get("status").asText()));
        assertThat(statuses).containsExactly("PASSED", "FAILED", "NOT_STARTED", "NO_TESTS_RAN");
        JsonNode failing = json.get("exercises").get(1);
        assertThat(failing.get("testsRun").asInt()).isEqualTo(2);
        assertThat(failing.get("testsFailed").asInt()).isEqualTo(1);
        assertThat(failing.get("failures").get(0).get("test").asText()).isEqualTo("comparesRevisions()");
        assertThat(failing.get("failures").get(0).get("message").asText()).isEqualTo("expected: 5\n but was: 6");
        assertThat(failing.get("hint").asText()).isEqualTo("look at the header");
        assertThat(Path.of(failing.get("file").asText())).isAbsolute().exists();
        assertThat(failing.get("reason").asText()).isEqualTo("comparesRevisions(): expected: 5\n but was: 6");
        assertThat(json.get("exercises").get(0).get("reason").isNull()).isTrue();
        assertThat(json.get("exercises").get(3).get("failures")).isEmpty();
        assertThat(json.get("exercises").get(3).get("reason").asText()).isEqualTo("no test ran: the test class has no tests");
        assertThat(err).contains("[grader] 1.1", "noise from a passing test"); // --verbose echoes to stderr, never stdout
    }

    @Test
    void repeatedRunsAreReported() {
        grader("--module", module.toString(), "--format=json", "--repeat=2", "--exercise=1.1");

        JsonReport.Report report = JsonReport.read(out);
        assertThat(report.repeat()).isEqualTo(2);
        assertThat(report.exercises().get(0).runs()).hasSize(2).allMatch(r -> r.status() == Status.PASSED && r.testsRun() == 2);
        assertThat(report.exercises().get(0).runsPassed()).isEqualTo(2);
    }

    @Test
    void hintsComeOneAtATimeThenTheLastRepeats() {
        String edit = "edit: " + module.toAbsolutePath().resolve("src/main/java/io/rvlab/exercises/ch01/Failing.java") + "\n";
        String state = dir.resolve("state").toString();

        assertThat(grader("--module", module.toString(), "--state", state, "--hint", "1.2")).isZero();
        assertThat(out).isEqualTo("1.2  Fails\n" + edit + "hint 1 of 2: look at the header\n"
                + "(still stuck? ./course hint 1.2 again shows hint 2 of 2)\n");

        grader("--module", module.toString(), "--state", state, "--hint", "1.2");
        assertThat(out).isEqualTo("1.2  Fails\n" + edit + "hint 2 of 2: header().getRevision()\n(that was the last hint)\n");

        grader("--module", module.toString(), "--state", state, "--hint", "1.2");
        assertThat(out).isEqualTo("1.2  Fails\n" + edit + "You have seen all 2 hints of 1.2; the last one again:\n"
                + "hint 2 of 2: header().getRevision()\n(every hint: ./course hint 1.2 --all)\n");

        grader("--module", module.toString(), "--state", state, "--hint", "1.1");
        assertThat(out).as("each exercise counts its own").contains("hint 1 of 2: look at the header");
    }

    @Test
    void allHintsForInstructorsCountNothing() {
        String state = dir.resolve("state").toString();

        assertThat(grader("--module", module.toString(), "--state", state, "--hint", "1.2", "--all")).isZero();
        assertThat(out).endsWith("hint 1 of 2: look at the header\nhint 2 of 2: header().getRevision()\n");

        grader("--module", module.toString(), "--state", state, "--hint", "1.2");
        assertThat(out).contains("hint 1 of 2: ").doesNotContain("hint 2 of 2: ");
    }

    @Test
    void theFailingTestPicksTheHint() throws IOException {
        Path yaml = module.resolve(Manifest.FILE_NAME);
        // 1.2's failing test is comparesRevisions: map it to hint 2.
        Files.writeString(yaml, Files.readString(yaml).replaceFirst("(tests: io.rvlab.grader.fixtures.FailingFixture\n)",
                "$1    hint_for:\n      comparesRevisions: 2\n"));

        grader("--module", module.toString(), "--exercise", "1.2");
        assertThat(out).as("no hint the learner has not asked for").contains("more: ./course hint 1.2 (hint 1 of 2 next)")
                .doesNotContain("look at the header", "header().getRevision()");

        grader("--module", module.toString(), "--hint", "1.2");
        grader("--module", module.toString(), "--hint", "1.2");
        grader("--module", module.toString(), "--exercise", "1.2");
        assertThat(out).contains("hint 2 of 2: header().getRevision()").doesNotContain("look at the header");

        grader("--module", module.toString(), "--exercise", "1.3");
        assertThat(out).as("NOT STARTED shows no hint").contains("NOT STARTED", "stuck? ./course hint 1.3")
                .doesNotContain("look at the header", "header().getRevision()");
    }

    @Test
    void theJsonSaysWhoWhenWhichCommitAndWhichTests() throws IOException {
        Files.createDirectories(module.resolve("src/test/java/x"));
        Files.writeString(module.resolve("src/test/java/x/ATest.java"), "class ATest {}\n");
        grader("--module", module.toString(), "--exercise", "1.1", "--format", "json", "--student", "Ada Lovelace");

        JsonReport.Report report = JsonReport.read(out);
        assertThat(report.student()).isEqualTo("Ada Lovelace");
        assertThat(java.time.Instant.parse(report.time())).isCloseTo(java.time.Instant.now(), org.assertj.core.api.Assertions.within(1, java.time.temporal.ChronoUnit.MINUTES));
        assertThat(report.commit()).as("a temp dir is no git repository").isEqualTo("none");
        // sha256sum's listing of src/test, hashed again: what the README tells instructors to run.
        String listing = TestsDigest.sha256("class ATest {}\n".getBytes(StandardCharsets.UTF_8)) + "  src/test/java/x/ATest.java\n";
        assertThat(report.testsSha256()).isEqualTo(TestsDigest.sha256(listing.getBytes(StandardCharsets.UTF_8)));

        Files.writeString(module.resolve("src/test/java/x/ATest.java"), "class ATest { /* edited */ }\n");
        grader("--module", module.toString(), "--exercise", "1.1", "--format", "json");
        assertThat(JsonReport.read(out).testsSha256()).isNotEqualTo(report.testsSha256());
    }

    @Test
    void untrustedTestsNeverPass() {
        assertThat(grader("--module", module.toString(), "--exercise", "1.1", "--untrusted-tests", "your copy's tests were edited")).isEqualTo(1);
        assertThat(out).contains("WARNING: your copy's tests were edited", "x grading tests: your copy's tests were edited")
                .containsPattern("1\\.1 +Passes +FAILED").doesNotContainPattern("1\\.1 +Passes +PASSED");
    }

    @Test
    void anExerciseThatDidNotCompileFailsWithoutRunning() {
        assertThat(grader("--module", module.toString(), "--exercise", "1.1", "--uncompiled", "1.1")).isEqualTo(1);
        assertThat(out).containsPattern("1\\.1 +Passes +FAILED").contains("does not compile", "compile.log");
    }

    @Test
    void listIsOneTabSeparatedLinePerExercise() {
        assertThat(grader("--module", module.toString(), "--list")).isZero();
        assertThat(out.lines()).hasSize(4).first()
                .isEqualTo("1.1\tsrc/main/java/io/rvlab/exercises/ch01/Passing.java\tio.rvlab.grader.fixtures.PassingFixture\t-\t-\tPasses");
    }

    @Test
    void fileOfPrintsOnlyThePath() {
        assertThat(grader("--module", module.toString(), "--file-of", "1.3")).isZero();
        assertThat(out).isEqualTo(module.toAbsolutePath().resolve("src/main/java/io/rvlab/exercises/ch01/Todo.java") + "\n");
    }

    @Test
    void setupProblemsAreOneLineAndExitTwo() throws IOException {
        assertThat(grader("--module", dir.resolve("nowhere").toString())).isEqualTo(2);
        assertThat(err).startsWith("grader: no such exercise module").hasLineCount(1);

        assertThat(grader("--module", module.toString(), "--exercise", "9.9")).isEqualTo(2);
        assertThat(err).isEqualTo("grader: chapter 1 has no exercise 9.9 (it has 1.1, 1.2, 1.3, 1.4)\n");

        Files.delete(module.resolve(Manifest.FILE_NAME));
        assertThat(grader("--module", module.toString())).isEqualTo(2);
        assertThat(err).contains("no exercises.yaml").hasLineCount(1);
    }

    @Test
    void aTestClassThatIsNotThereFailsTheExercise() throws IOException {
        Path yaml = module.resolve(Manifest.FILE_NAME);
        Files.writeString(yaml, Files.readString(yaml).replace("fixtures.PassingFixture", "fixtures.GoneFixture"));

        assertThat(grader("--module", module.toString(), "--exercise", "1.1")).isEqualTo(1);
        assertThat(out).contains("NO TESTS RAN", "x GoneFixture: test class io.rvlab.grader.fixtures.GoneFixture is not on the class path");
    }

    private int grader(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int status = Grader.run(args, new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        out = o.toString(StandardCharsets.UTF_8);
        err = e.toString(StandardCharsets.UTF_8);
        return status;
    }
}
