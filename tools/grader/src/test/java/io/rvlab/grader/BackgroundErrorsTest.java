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

/** A background thread's crash is one line for the learner and a full trace in the log. */
class BackgroundErrorsTest {

    @TempDir
    Path logDir;

    @Test
    void oneLineOnStderrTheTraceInTheLog() throws Exception {
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            BackgroundErrors.install(logDir, new PrintStream(err, true, StandardCharsets.UTF_8));
            Thread crashing = new Thread(() -> {
                throw new IllegalStateException("Status 404: no such container");
            }, "cleanup");
            crashing.start();
            crashing.join();
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(previous);
        }

        Path log = logDir.resolve("background.log");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("[grader] background thread 'cleanup' failed: "
                + "IllegalStateException: Status 404: no such container (trace in " + log + ")\n");
        assertThat(Files.readString(log)).contains("thread 'cleanup'", "java.lang.IllegalStateException: Status 404", "\tat ");
    }
}
