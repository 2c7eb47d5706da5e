package io.rvlab.grader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * git, run as a child process with a time limit. The grader reads learners' copies and commits
 * through the command itself, as an instructor would type it, never through a library that
 * hides which commit it read.
 */
public final class Git {

    /** What one git command did: its exit code (-1: no git, or stopped at its limit), stdout, stderr. */
    public record Result(int exit, byte[] out, String err) {

        public boolean ok() {
            return exit == 0;
        }

        public String text() {
            return new String(out, StandardCharsets.UTF_8).strip();
        }

        /** The first line of stdout, or null when the command failed or printed nothing. */
        public String line() {
            String text = text();
            return !ok() || text.isEmpty() ? null : text.lines().findFirst().orElse(null);
        }
    }

    private Git() {
    }

    public static Result run(Path dir, Duration limit, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        Path err = null;
        try {
            err = Files.createTempFile("rvlab-git", ".err");
            Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectError(err.toFile()).start();
            // A git that hangs (a network remote, a lock) is stopped at its limit; its stdout then ends.
            AtomicBoolean stopped = new AtomicBoolean();
            CompletableFuture.delayedExecutor(limit.toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
                if (p.isAlive()) {
                    stopped.set(true);
                    p.destroyForcibly();
                }
            });
            byte[] out = p.getInputStream().readAllBytes();
            p.waitFor();
            String message = Files.readString(err, StandardCharsets.UTF_8).strip();
            if (stopped.get()) {
                return new Result(-1, out, "git " + args[0] + " did not finish within " + limit.toSeconds() + " s");
            }
            return new Result(p.exitValue(), out, message);
        } catch (IOException e) {
            return new Result(-1, new byte[0], "cannot run git: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, new byte[0], "interrupted");
        } finally {
            if (err != null) {
                try {
                    Files.deleteIfExists(err);
                } catch (IOException ignored) {
                    // a temporary file left behind
                }
            }
        }
    }

    /** One line of git's output in {@code dir}, or null when there is no git, no repository, or no answer in 10 s. */
    public static String line(Path dir, String... args) {
        return run(dir, Duration.ofSeconds(10), args).line();
    }
}
