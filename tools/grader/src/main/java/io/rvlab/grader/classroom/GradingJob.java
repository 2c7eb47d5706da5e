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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One student's chapter, graded with the course's own tests: a scratch module holds the course's
 * module as it is in the instructor's checkout, with only the exercise files taken from the
 * student's commit, and a grader JVM of its own compiles and runs it. The student's code runs in
 * that JVM, never in this one.
 *
 * <p>A chapter's run has a time limit. When it runs past it, the exercise whose tests were running
 * is the one that hung: the run is stopped, and the chapter graded again with that exercise
 * reported FAILED and its reason ({@code --stopped}), so a hang costs its exercise, never the
 * student's other exercises, nor the class's run.
 *
 * @param course     the instructor's checkout
 * @param module     the chapter's module, relative to the course ({@code exercises/ch03})
 * @param exercises  the module's exercise files, relative to the module
 * @param submission what is graded
 * @param exported   the submission's {@code exercises/}, exported ({@link Submission#export})
 * @param results    the student's results folder: {@code chNN.json} goes there
 * @param limit      the time one chapter's run may take
 * @param origin     the report's {@code testsOrigin}
 */
record GradingJob(Path course, String module, List<String> exercises, Submission submission, Path exported, Path results,
                  Duration limit, String origin) {

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
            Set<String> stopped = new LinkedHashSet<>();
            while (true) {
                Run run = grade(scratch, stopped);
                if (run.json() != null) {
                    Path report = results.resolve(chapter + ".json");
                    Files.writeString(report, run.json(), StandardCharsets.UTF_8);
                    JsonNode totals = JSON.readTree(run.json()).path("totals");
                    String summary = totals.path("passed").asInt() + "/" + totals.path("exercises").asInt() + " passed"
                            + (stopped.isEmpty() ? "" : ", " + String.join(" and ", stopped) + " stopped at the time limit");
                    return new Outcome(submission.student(), chapter, summary, true, seconds(start));
                }
                if (run.hung() == null || !stopped.add(run.hung())) {
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
        copyTree(pristine.resolve("src"), scratch.resolve("src"));
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

    private Run grade(Path scratch, Set<String> stopped) throws IOException, InterruptedException {
        Path pristine = course.resolve(module);
        String deps = Files.readString(pristine.resolve("target/classpath.txt"), StandardCharsets.UTF_8).strip();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", deps, "io.rvlab.grader.Grader", "--module", scratch.toString(), "--compile", "--skeletons", pristine.toString(),
                "--format", "json", "--student", submission.student(), "--commit", submission.commit(),
                "--copy-of", exported.resolve(module).toString(), "--tests-origin", origin,
                "--log-dir", scratch.resolve("target/grader").toString()));
        if (!stopped.isEmpty()) {
            command.addAll(List.of("--stopped", String.join(",", stopped)));
        }
        Path out = scratch.resolve("target/grader/report.json");
        Path err = scratch.resolve("target/grader/grader.err");
        Process p = new ProcessBuilder(command).directory(scratch.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            stop(p);
            String hung = running(Files.readAllLines(err, StandardCharsets.UTF_8));
            return new Run(null, "ran past the time limit of " + limit.toMinutes() + " min" + (hung == null ? "" : " in " + hung), hung);
        }
        String json = Files.readString(out, StandardCharsets.UTF_8);
        if (json.isBlank()) {
            List<String> said = Files.readAllLines(err, StandardCharsets.UTF_8);
            String last = said.stream().filter(l -> l.startsWith("grader:")).reduce((a, b) -> b)
                    .orElse(said.isEmpty() ? "exit " + p.exitValue() : said.get(said.size() - 1));
            return new Run(null, last + " (log: " + err + ")", null);
        }
        return new Run(json, null, null);
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
     * Stops a grader JVM and whatever it started: first politely, so its shutdown hooks remove the
     * etcd containers its tests started, then, 30 s later, by force.
     */
    private static void stop(Process p) throws InterruptedException {
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

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                Files.createDirectories(target.getParent());
                Files.copy(p, target);
            }
        }
    }
}
