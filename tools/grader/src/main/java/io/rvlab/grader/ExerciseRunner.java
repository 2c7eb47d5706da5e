package io.rvlab.grader;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Grades one exercise: runs its test class (K times for {@code --repeat K}) with the tests' output
 * going to {@code <log dir>/<id>.log}, followed by the full stack trace of every failure, which the
 * scoreboard shortens to one line.
 */
final class ExerciseRunner {

    private final Path module;
    private final Path logDir;
    private final PrintStream echoOut;
    private final PrintStream echoErr;
    private final TestClassRunner tests = new TestClassRunner();

    /**
     * @param module  the exercise module (for the exercise's file)
     * @param logDir  where the logs go, normally {@code <module>/target/grader}
     * @param echoOut where the tests' stdout is echoed, or null to keep it in the log only
     * @param echoErr the same for their stderr
     */
    ExerciseRunner(Path module, Path logDir, PrintStream echoOut, PrintStream echoErr) {
        this.module = module;
        this.logDir = logDir;
        this.echoOut = echoOut;
        this.echoErr = echoErr;
    }

    ExerciseResult grade(Manifest.Exercise exercise, int repeat) {
        return grade(exercise, repeat, List.of(), exercise.id());
    }

    /**
     * @param methods only these test methods (all when empty), for a wrong answer's {@code caught-by}
     * @param logName the log's name without {@code .log}
     */
    ExerciseResult grade(Manifest.Exercise exercise, int repeat, List<String> methods, String logName) {
        Path log = logDir.resolve(logName + ".log").toAbsolutePath();
        try {
            Files.createDirectories(log.getParent());
            Files.deleteIfExists(log); // each grading starts a fresh log
        } catch (IOException e) {
            throw new GraderException("cannot prepare the test log " + log + ": " + e.getMessage(), e);
        }
        List<RunResult> runs = new ArrayList<>();
        for (int i = 1; i <= repeat; i++) {
            try (OutputCapture capture = OutputCapture.start(log, echoOut, echoErr)) {
                capture.log().printf("===== %s %s, run %d of %d, %s =====%n", exercise.id(), exercise.tests(), i, repeat,
                        LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME));
                RunResult run = tests.run(exercise.tests(), methods);
                writeFailures(capture.log(), run);
                runs.add(run);
            }
        }
        return new ExerciseResult(exercise, exercise.fileIn(module), log, runs);
    }

    private static void writeFailures(PrintStream log, RunResult run) {
        log.printf("----- %d passed, %d failed, %d skipped -----%n", run.passed(), run.failed(), run.skipped());
        for (Failure f : run.failures()) {
            log.println("----- FAILED: " + f.test());
            if (f.cause() != null) {
                f.cause().printStackTrace(log);
            } else {
                log.println(f.message());
            }
        }
        if (run.reason() != null && run.failures().isEmpty()) {
            log.println("----- " + run.reason());
        }
    }
}
