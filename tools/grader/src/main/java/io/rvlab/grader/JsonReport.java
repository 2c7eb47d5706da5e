package io.rvlab.grader;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.List;

/**
 * The machine-readable result ({@code --format json}) for instructors' tooling and for
 * {@code --prove}, which reads the solution side's report from a child JVM. Records, so the same
 * types write and read it.
 *
 * <pre>
 * {"chapter":1,"title":"etcd revisions","repeat":1,
 *  "exercises":[{"id":"1.1","title":"...","status":"NOT_STARTED","reason":"reads(Client): UnsupportedOperationException: TODO ...","testsRun":3,"testsPassed":0,"testsFailed":3,
 *                "testsSkipped":0,"failures":[{"test":"reads(Client)","message":"TODO read ..."}],
 *                "file":"/abs/.../FourNumbers.java","hint":"first hint","log":"/abs/.../1.1.log",
 *                "runsPassed":0,"runs":[{"status":"NOT_STARTED","testsRun":3,"testsFailed":3}]}],
 *  "totals":{"exercises":1,"passed":0,"failed":1},"allPassed":false,
 *  "student":"Ada","time":"2026-11-26T10:40:36Z","commit":"33d8818...","testsSha256":"9f2c...","testsOrigin":"..."}
 * </pre>
 *
 * {@code hint} is the hint the scoreboard shows (for a FAILED exercise only, else null);
 * {@code commit} is "none" without git; {@code testsSha256} is {@link TestsDigest}'s.
 *
 * Status values are {@code PASSED}, {@code FAILED}, {@code NOT_STARTED} and {@code NO_TESTS_RAN}.
 * {@code reason} is the scoreboard's one line on why it did not pass (null when it passed), also
 * when no test ran and so {@code failures} may be empty. The per-exercise counts and failures are
 * those of the first run that did not pass (else the last).
 */
final class JsonReport {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES); // an older grader can read a newer report

    record Report(int chapter, String title, String module, int repeat, List<ExerciseReport> exercises, Totals totals, boolean allPassed,
                  String student, String time, String commit, String testsSha256, String testsOrigin) {
    }

    record ExerciseReport(String id, String title, Status status, String reason, int testsRun, int testsPassed, int testsFailed,
                          int testsSkipped, List<FailureReport> failures, String file, String hint, String log, int runsPassed, List<RunReport> runs) {
    }

    record FailureReport(String test, String message) {
    }

    record RunReport(Status status, int testsRun, int testsFailed) {
    }

    record Totals(int exercises, int passed, int failed) {
    }

    private JsonReport() {
    }

    static Report of(Manifest manifest, String module, int repeat, List<ExerciseResult> results, Provenance p) {
        List<ExerciseReport> exercises = results.stream().map(JsonReport::exercise).toList();
        int passed = (int) results.stream().filter(r -> r.status() == Status.PASSED).count();
        return new Report(manifest.chapter(), manifest.title(), module, repeat, exercises,
                new Totals(results.size(), passed, results.size() - passed), passed == results.size(),
                p.student(), p.time(), p.commit(), p.testsSha256(), p.testsOrigin());
    }

    private static ExerciseReport exercise(ExerciseResult result) {
        RunResult shown = result.shown();
        List<FailureReport> failures = shown.failures().stream().map(f -> new FailureReport(f.test(), f.message())).toList();
        List<RunReport> runs = result.runs().stream().map(r -> new RunReport(r.status(), r.run(), r.failed())).toList();
        Manifest.Exercise e = result.exercise();
        String reason = result.status() == Status.PASSED ? null
                : result.flaky() ? result.runsPassed() + "/" + result.runs().size() + " runs passed: flaky; " + shown.reason()
                : shown.reason();
        return new ExerciseReport(e.id(), e.title(), result.status(), reason, shown.run(), shown.passed(), shown.failed(), shown.skipped(),
                failures, result.file().toString(), result.hint(), result.log().toString(), result.runsPassed(), runs);
    }

    static String write(Report report) {
        try {
            return MAPPER.writeValueAsString(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the JSON report", e);
        }
    }

    static Report read(String json) {
        try {
            return MAPPER.readValue(json, Report.class);
        } catch (JsonProcessingException e) {
            throw new GraderException("not a grader report: " + Failure.oneLine(e.getOriginalMessage()), e);
        }
    }
}
