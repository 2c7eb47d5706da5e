package io.rvlab.grader;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Who and what a JSON report is about, so an instructor can merge a class's reports and trust
 * them: the student, when, the commit of their copy, and which grading tests judged it.
 *
 * @param student     --student, else the copy's git user.name, else $USER, else "unknown"
 * @param time        ISO-8601, UTC, to the second
 * @param commit      --commit (the commit a class grade exported), else {@code git rev-parse HEAD} of the
 *                    learner's copy, "none" without git
 * @param testsSha256 see {@link TestsDigest}
 * @param testsOrigin where the tests came from ("the module's own" unless ./course says otherwise)
 */
record Provenance(String student, String time, String commit, String testsSha256, String testsOrigin) {

    static Provenance of(Options options) {
        Path copy = options.copyOf() != null ? options.copyOf() : options.module();
        String student = options.student();
        if (student == null || student.isBlank()) {
            student = Git.line(copy, "config", "user.name");
        }
        if (student == null || student.isBlank()) {
            student = System.getenv().getOrDefault("USER", "unknown");
        }
        String commit = options.commit() != null ? options.commit() : Git.line(copy, "rev-parse", "HEAD");
        return new Provenance(student.strip(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                commit == null || commit.isBlank() ? "none" : commit.strip(), TestsDigest.of(options.module()),
                options.testsOrigin() != null ? options.testsOrigin() : "the module's own src/test");
    }
}
