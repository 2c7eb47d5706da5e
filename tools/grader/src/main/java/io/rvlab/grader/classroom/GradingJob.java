package io.rvlab.grader.classroom;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rvlab.grader.GraderException;
import io.rvlab.grader.session.ModuleCompiler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One student's chapter, graded with the course's own tests: a scratch module holds the course's
 * module as it is in the instructor's checkout, with only the exercise files taken from the
 * student's commit, and a grader JVM of its own compiles and runs it. The student's code runs in
 * that JVM, never in this one.
 *
 * <p>A chapter's run has a time limit. When it runs past it, or its JVM dies (a box killed for its
 * memory, threads it could not start), the exercise whose tests were running is the one to blame:
 * the chapter is graded again with that exercise reported FAILED and the reason
 * ({@code --stopped}), so a hang or a crash costs its exercise, never the student's other
 * exercises, nor the class's run.
 *
 * @param course     the instructor's checkout
 * @param module     the chapter's module, relative to the course ({@code exercises/ch03})
 * @param exercises  the module's exercise files, relative to the module
 * @param submission what is graded
 * @param exported   the submission's {@code exercises/}, exported ({@link Submission#export})
 * @param results    the student's results folder: {@code chNN.json} goes there
 * @param limit      the time one chapter's run may take
 * @param origin     the report's {@code testsOrigin}
 * @param box        where the student's code runs ({@link Box}), or null: unboxed, with the instructor's rights
 */
record GradingJob(Path course, String module, List<String> exercises, Submission submission, Path exported, Path results,
                  Duration limit, String origin, Box box) {

    /** What became of the job, for the progress line. */
    record Outcome(String student, String chapter, String summary, boolean graded, long seconds) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    Outcome run() {
        long start = System.nanoTime();
        String chapter = Path.of(module).getFileName().toString();
        Path scratch = results.resolve("build").resolve(chapter);
        try {
            prepare(scratch);
            java.util.Map<String, String> stopped = new java.util.LinkedHashMap<>();
            while (true) {
                Run run = grade(scratch, stopped);
                if (run.json() != null) {
                    Path report = results.resolve(chapter + ".json");
                    Files.writeString(report, run.json(), StandardCharsets.UTF_8);
                    JsonNode totals = JSON.readTree(run.json()).path("totals");
                    String summary = totals.path("passed").asInt() + "/" + totals.path("exercises").asInt() + " passed"
                            + (stopped.isEmpty() ? "" : ", " + String.join(" and ", stopped.keySet()) + " stopped (" + String.join("; ", stopped.values()) + ")");
                    return new Outcome(submission.student(), chapter, summary, true, seconds(start));
                }
                if (run.hung() == null || stopped.putIfAbsent(run.hung(), run.why()) != null) {
                    return new Outcome(submission.student(), chapter, "no result: " + run.why(), false, seconds(start));
                }
            }
        } catch (IOException e) {
            return new Outcome(submission.student(), chapter, "no result: " + e.getMessage(), false, seconds(start));
        } catch (GraderException | UncheckedIOException e) {
            return new Outcome(submission.student(), chapter, "no result: " + e.getMessage(), false, seconds(start));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(submission.student(), chapter, "no result: interrupted", false, seconds(start));
        }
    }

    /** The course's module, then the student's exercise files over it (regular files only). */
    private void prepare(Path scratch) throws IOException {
        Path pristine = course.resolve(module);
        ModuleCompiler.deleteTree(scratch);
        ModuleCompiler.copyTree(pristine.resolve("src"), scratch.resolve("src")); // the course's own: no link to fear
        Files.copy(pristine.resolve("exercises.yaml"), scratch.resolve("exercises.yaml"));
        Files.createDirectories(scratch.resolve("target/grader"));
        for (String file : List.of("classpath.txt", "classpath-main.txt")) {
            if (Files.isRegularFile(pristine.resolve("target").resolve(file))) {
                Files.copy(pristine.resolve("target").resolve(file), scratch.resolve("target").resolve(file));
            }
        }
        Path theirs = exported.resolve(module);
        for (String file : exercises) {
            Path answer = theirs.resolve(file);
            if (Files.isRegularFile(answer, LinkOption.NOFOLLOW_LINKS)) {
                Files.copy(answer, scratch.resolve(file), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** One grader run; its JSON, or why there is none and which exercise was running when it stopped. */
    private record Run(String json, String why, String hung) {
    }

    /** The most of a grader's stdout (its JSON report) read: a student's code printing without end fills no disk. */
    static final int MAX_REPORT = 16 << 20;

    private Run grade(Path scratch, java.util.Map<String, String> stopped) throws IOException, InterruptedException {
        Path pristine = course.resolve(module);
        String deps = Files.readString(pristine.resolve("target/classpath.txt"), StandardCharsets.UTF_8).strip();
        List<String> args = new ArrayList<>(List.of("-cp", deps, "io.rvlab.grader.Grader", "--module", scratch.toString(), "--compile",
                "--skeletons", pristine.toString(), "--format", "json", "--student", submission.student(), "--commit", submission.commit(),
                "--copy-of", exported.resolve(module).toString(), "--tests-origin", origin,
                "--log-dir", scratch.resolve("target/grader").toString()));
        stopped.forEach((id, why) -> args.addAll(List.of("--stopped", id + "=" + why)));
        String name = "rvlab-grade-" + submission.student() + "-" + Path.of(module).getFileName() + "-" + Long.toHexString(System.nanoTime());
        List<String> command = new ArrayList<>();
        if (box == null) {
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(args);
        } else {
            command = box.command(name, scratch, mounts(pristine, scratch, deps), args);
        }
        Path err = results.resolve("build").resolve(Path.of(module).getFileName() + ".err");
        Process p = new ProcessBuilder(command).directory(scratch.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        BoundedOutput out = new BoundedOutput(p.getInputStream(), MAX_REPORT);
        BoundedOutput said = new BoundedOutput(p.getErrorStream(), 1 << 20);
        boolean done = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        if (!done) {
            stop(p, box, name);
        }
        Files.writeString(err, said.text(), StandardCharsets.UTF_8);
        String running = running(Files.readAllLines(err, StandardCharsets.UTF_8));
        if (!done) {
            return new Run(null, "its tests ran past the class grade's time limit of " + limit.toMinutes() + " min (an endless loop,"
                    + " or a wait for something that never comes)", running);
        }
        String json = out.text();
        if (out.overflowed()) {
            return new Run(null, "its output passed " + (MAX_REPORT >> 20) + " MiB (a test or answer printing without end)", null);
        }
        if (json.isBlank() && running != null) {
            int exit = p.exitValue();
            return new Run(null, "the grading JVM died while its tests ran (exit " + exit + (exit == 137
                    ? ": killed, most likely for passing the box's memory" : "") + ")", running);
        }
        if (json.isBlank()) {
            List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
            String last = lines.stream().filter(l -> l.startsWith("grader:")).reduce((a, b) -> b)
                    .orElse(lines.isEmpty() ? "exit " + p.exitValue() : lines.get(lines.size() - 1));
            return new Run(null, last + " (log: " + err + ")", null);
        }
        return new Run(json, null, null);
    }

    /**
     * What the box may read: the course's module, the scratch module, the exported commit, and each
     * dependency on its own (a jar at a time: the folders above them, ~/.m2 for one, may be closed to
     * the box's user, and need not be opened to it).
     */
    private List<Path> mounts(Path pristine, Path scratch, String deps) {
        // The scratch module piece by piece: its target/grader is the box's own in-memory folder, and a
        // read-only mount of the whole module would cover it.
        List<Path> paths = new ArrayList<>(List.of(pristine, scratch.resolve("src"), scratch.resolve("exercises.yaml"), exported));
        for (String file : List.of("classpath.txt", "classpath-main.txt")) {
            if (Files.isRegularFile(scratch.resolve("target").resolve(file))) {
                paths.add(scratch.resolve("target").resolve(file));
            }
        }
        for (String entry : deps.split(java.io.File.pathSeparator)) {
            if (!entry.isBlank()) {
                paths.add(Path.of(entry).toAbsolutePath().normalize());
            }
        }
        return paths;
    }

    /** A stream read to its end on a thread of its own, keeping at most {@code max} bytes. */
    private static final class BoundedOutput {
        private final java.io.ByteArrayOutputStream kept = new java.io.ByteArrayOutputStream();
        private final Thread reader;
        private volatile boolean overflowed;

        BoundedOutput(java.io.InputStream in, int max) {
            reader = new Thread(() -> {
                byte[] buffer = new byte[8192];
                try (in) {
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        if (kept.size() + n <= max) {
                            kept.write(buffer, 0, n);
                        } else {
                            overflowed = true; // keep draining, so the writer is never blocked
                        }
                    }
                } catch (IOException ignored) {
                    // the process ended
                }
            }, "grader-stdout");
            reader.setDaemon(true);
            reader.start();
        }

        String text() throws InterruptedException {
            reader.join(10_000);
            return kept.toString(StandardCharsets.UTF_8);
        }

        boolean overflowed() {
            return overflowed;
        }
    }

    /** The exercise the grader announced ("[grader] 3.2 title ...") and never finished. */
    static String running(List<String> stderr) {
        String current = null;
        for (String line : stderr) {
            if (!line.startsWith("[grader] ")) {
                continue;
            }
            String[] words = line.substring(9).split(" ");
            if (line.endsWith(" ...")) {
                current = words[0];
            } else if (words[0].equals(current)) {
                current = null;
            }
        }
        return current;
    }

    /**
     * Stops a grader JVM and whatever it started: a box is removed with all it holds; an unboxed JVM
     * is asked first, so its shutdown hooks remove the etcd containers its tests started, then, 30 s
     * later, forced.
     */
    private static void stop(Process p, Box box, String name) throws InterruptedException {
        if (box != null) {
            try {
                new ProcessBuilder(box.engine(), "rm", "--force", "--time", "0", name).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(60, TimeUnit.SECONDS);
            } catch (IOException e) {
                // the client process is stopped below either way
            }
        }
        List<ProcessHandle> children = p.descendants().toList();
        p.destroy();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        children.forEach(ProcessHandle::destroyForcibly);
    }

    private static long seconds(long start) {
        return Duration.ofNanos(System.nanoTime() - start).toSeconds();
    }
}
