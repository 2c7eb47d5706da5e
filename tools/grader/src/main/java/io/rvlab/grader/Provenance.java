package io.rvlab.grader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;

/**
 * Who and what a JSON report is about, so an instructor can merge a class's reports and trust
 * them: the student, when, the commit of their copy, and which grading tests judged it.
 *
 * @param student     --student, else the copy's git user.name, else $USER, else "unknown"
 * @param time        ISO-8601, UTC, to the second
 * @param commit      {@code git rev-parse HEAD} of the learner's copy, "none" without git
 * @param testsSha256 see {@link TestsDigest}
 * @param testsOrigin where the tests came from ("the module's own" unless ./course says otherwise)
 */
record Provenance(String student, String time, String commit, String testsSha256, String testsOrigin) {

    static Provenance of(Options options) {
        Path copy = options.copyOf() != null ? options.copyOf() : options.module();
        String student = options.student();
        if (student == null || student.isBlank()) {
            student = git(copy, "config", "user.name");
        }
        if (student == null || student.isBlank()) {
            student = System.getenv().getOrDefault("USER", "unknown");
        }
        String commit = git(copy, "rev-parse", "HEAD");
        return new Provenance(student.strip(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                commit == null || commit.isBlank() ? "none" : commit.strip(), TestsDigest.of(options.module()),
                options.testsOrigin() != null ? options.testsOrigin() : "the module's own src/test");
    }

    /** One line of git's output, or null when there is no git, no repository, or no answer in 10 s. */
    private static String git(Path dir, String... args) {
        String[] command = new String[args.length + 3];
        command[0] = "git";
        command[1] = "-C";
        command[2] = dir.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroy();
                return null;
            }
            String text = new String(out, StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? null : text.lines().findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
