package io.rvlab.grader;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;

/**
 * Exceptions that escape background threads of the grader's JVM, such as Testcontainers' clean-up
 * hook racing the harness's own at exit ("404 no such container"), or a gRPC thread. Each becomes
 * one line on stderr with its stack trace kept in {@code target/grader/background.log}, rather
 * than a screenful of trace under the scoreboard. Installed only when the grader owns the JVM.
 */
final class BackgroundErrors implements Thread.UncaughtExceptionHandler {

    private final Path log;
    private final PrintStream err;

    private BackgroundErrors(Path log, PrintStream err) {
        this.log = log;
        this.err = err;
    }

    static void install(Path logDir, PrintStream err) {
        Thread.setDefaultUncaughtExceptionHandler(new BackgroundErrors(logDir.resolve("background.log"), err));
    }

    @Override
    public void uncaughtException(Thread thread, Throwable e) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        String where = "";
        try {
            Files.createDirectories(log.getParent());
            Files.writeString(log, "===== " + LocalDateTime.now() + " thread '" + thread.getName() + "'\n" + trace,
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            where = " (trace in " + log + ")";
        } catch (IOException | RuntimeException io) {
            where = "\n" + trace; // no log to keep it in: show it after all
        }
        err.println("[grader] background thread '" + thread.getName() + "' failed: "
                + Failure.of(thread.getName(), e).message() + where);
    }
}
