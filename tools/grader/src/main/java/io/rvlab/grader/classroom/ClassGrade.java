package io.rvlab.grader.classroom;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.rvlab.grader.ClassResults;
import io.rvlab.grader.Git;
import io.rvlab.grader.Grader;
import io.rvlab.grader.GraderException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code ./course class grade}: every student's chosen commit, chapter by chapter, with the
 * course's own grading tests, several students at once, then the class's table.
 *
 * <pre>
 * ClassGrade --course ROOT --out RESULTS --modules exercises/ch01[,exercises/ch02...]
 *            (--roster FILE | COPY...) [--before 2026-12-01T18:00] [--jobs N] [--time-limit MIN] [--again]
 *            (--box-image IMAGE [--engine podman|docker] | --unboxed)
 * </pre>
 *
 * Each student's code runs in a {@link Box} of its own; {@code --unboxed} runs it with the
 * instructor's rights instead, for copies the instructor trusts (it says so on every run).
 *
 * A student whose commit and course commit are those of their last grade is not graded again
 * (unless {@code --again}): regrading a class after a few students pushed costs only theirs.
 */
public final class ClassGrade {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** What each student's results folder records about what was graded, beside the chapters' reports. */
    record Record(Submission submission, String courseCommit, String graded) {
    }

    private ClassGrade() {
    }

    public static void main(String[] args) {
        try {
            System.exit(run(args, System.out));
        } catch (GraderException | IllegalArgumentException | UncheckedIOException e) {
            System.err.println("class grade: " + e.getMessage());
            System.exit(2);
        }
    }

    static int run(String[] args, PrintStream out) {
        Path course = null;
        Path results = null;
        Path roster = null;
        List<String> modules = new ArrayList<>();
        List<Path> copies = new ArrayList<>();
        Instant before = null;
        int jobs = defaultJobs();
        Duration limit = Duration.ofMinutes(15);
        boolean again = false;
        String image = null;
        String engine = "podman";
        boolean unboxed = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--course" -> course = Path.of(args[++i]).toAbsolutePath().normalize();
                case "--out" -> results = Path.of(args[++i]).toAbsolutePath().normalize();
                case "--modules" -> modules.addAll(List.of(args[++i].split(",")));
                case "--roster" -> roster = Path.of(args[++i]);
                case "--before" -> before = deadline(args[++i]);
                case "--jobs" -> jobs = positive(args[++i], "--jobs");
                case "--time-limit" -> limit = Duration.ofMinutes(positive(args[++i], "--time-limit"));
                case "--again" -> again = true;
                case "--box-image" -> image = args[++i];
                case "--engine" -> engine = args[++i];
                case "--unboxed" -> unboxed = true;
                default -> {
                    if (args[i].startsWith("--")) {
                        throw new GraderException("unknown option " + args[i]);
                    }
                    copies.add(Path.of(args[i]));
                }
            }
        }
        if (course == null || results == null || modules.isEmpty()) {
            throw new GraderException("--course, --out and --modules are required");
        }
        if (roster != null && !copies.isEmpty()) {
            throw new GraderException("give either --roster FILE or the copies' folders, not both");
        }
        if (unboxed == (image != null)) {
            throw new GraderException("say where students' code runs: --box-image IMAGE (a box each), or --unboxed (your rights)");
        }
        Roster students = roster != null ? Roster.read(roster) : Roster.ofCopies(copies);
        Box box = unboxed ? null : new Box(engine, image, "3g",
                Math.max(1.0, (double) Runtime.getRuntime().availableProcessors() / jobs), 2048);
        if (unboxed) {
            out.println("WARNING: --unboxed: each student's code runs on this machine with your rights, not in a box");
        }
        String courseCommit = String.valueOf(Git.line(course, "rev-parse", "HEAD"));
        String origin = "the instructor's grading tests (course commit " + courseCommit.substring(0, Math.min(7, courseCommit.length()))
                + "); only the exercise files come from the student's commit";

        Map<String, List<String>> files = new LinkedHashMap<>();
        for (String module : modules) {
            files.put(module, exerciseFiles(course.resolve(module)));
        }
        List<GradingJob> work = new ArrayList<>();
        int unchanged = 0;
        for (Roster.Entry entry : students.entries()) {
            Path folder = results.resolve(entry.student());
            Submission submission;
            try {
                submission = Submission.of(entry, before);
            } catch (GraderException e) {
                out.println("  " + entry.student() + ": not graded: " + e.getMessage());
                continue;
            }
            Path exported = folder.resolve("submission");
            submission.export(exported);
            submission = submission.withTestsComparedTo(course, exported);
            Record previous = previous(folder);
            write(folder, new Record(submission, courseCommit, Instant.now().toString()));
            for (String module : modules) {
                String chapter = Path.of(module).getFileName().toString();
                boolean same = !again && previous != null && previous.submission().commit().equals(submission.commit())
                        && previous.courseCommit().equals(courseCommit) && !courseCommit.equals("null")
                        && Files.isRegularFile(folder.resolve(chapter + ".json"));
                if (same) {
                    unchanged++;
                    continue;
                }
                try {
                    Files.deleteIfExists(folder.resolve(chapter + ".json")); // an older commit's report must not stand for this one
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                work.add(new GradingJob(course, module, files.get(module), submission, exported, folder, limit, origin, box));
            }
        }
        if (work.isEmpty()) {
            out.printf("Nothing to grade: every student's commit was graded already with this course commit (%d chapter%s; --again grades anew)%n",
                    unchanged, unchanged == 1 ? "" : "s");
        } else {
            out.printf("Grading %d chapter%s of %d student%s, %d at a time (--jobs N to choose); %d unchanged since their last grade%n",
                    work.size(), work.size() == 1 ? "" : "s", students.entries().size(), students.entries().size() == 1 ? "" : "s",
                    Math.min(jobs, work.size()), unchanged);
        }
        int failed = grade(work, jobs, out);
        ClassResults.merge(results, results.resolve("class.csv"), out);
        return failed == 0 ? 0 : 1;
    }

    /** Runs the jobs, N at a time, with a line per job as it ends; the number that gave no result. */
    private static int grade(List<GradingJob> work, int jobs, PrintStream out) {
        if (work.isEmpty()) {
            return 0;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, work.size()));
        ExecutorCompletionService<GradingJob.Outcome> done = new ExecutorCompletionService<>(pool);
        work.forEach(job -> done.submit(job::run));
        AtomicInteger failed = new AtomicInteger();
        String width = String.valueOf(work.size());
        try {
            for (int i = 1; i <= work.size(); i++) {
                GradingJob.Outcome o = done.take().get();
                failed.addAndGet(o.graded() ? 0 : 1);
                out.printf("[%" + width.length() + "d/%s] %s %s: %s (%d s)%n", i, width, o.student(), o.chapter(), o.summary(), o.seconds());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pool.shutdownNow();
            throw new GraderException("interrupted");
        } catch (java.util.concurrent.ExecutionException e) {
            throw new GraderException("a grading job failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdown();
        }
        return failed.get();
    }

    /**
     * One grading JVM and its etcd need about 2 GiB and most of a core while its tests run: as many
     * at once as the machine has cores, and memory for.
     */
    static int defaultJobs() {
        int cores = Runtime.getRuntime().availableProcessors();
        long memory = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        return (int) Math.max(1, Math.min(cores, memory / (2L << 30)));
    }

    /** An ISO-8601 instant, or a local date-time ("2026-12-01T18:00") read in this machine's time zone. */
    static Instant deadline(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException notAnInstant) {
            try {
                return LocalDateTime.parse(text).atZone(ZoneId.systemDefault()).toInstant();
            } catch (DateTimeParseException e) {
                throw new GraderException("--before needs a date and time such as 2026-12-01T18:00 (this machine's time zone)"
                        + " or 2026-12-01T17:00:00Z, not '" + text + "'");
            }
        }
    }

    private static int positive(String text, String option) {
        try {
            int n = Integer.parseInt(text);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // the message below
        }
        throw new GraderException(option + " needs a whole number of at least 1, not '" + text + "'");
    }

    /** The module's exercise files, as its manifest lists them ({@code Grader --list}). */
    private static List<String> exerciseFiles(Path module) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Grader.run(new String[] {"--module", module.toString(), "--list"},
                new PrintStream(text, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        if (exit != 0) {
            throw new GraderException("cannot read " + module.resolve("exercises.yaml") + ": " + err.toString(StandardCharsets.UTF_8).strip());
        }
        return text.toString(StandardCharsets.UTF_8).lines().map(l -> l.split("\t")[1]).toList();
    }

    static Record previous(Path folder) {
        Path file = folder.resolve("submission.json");
        try {
            return Files.isRegularFile(file) ? JSON.readValue(file.toFile(), Record.class) : null;
        } catch (IOException e) {
            return null; // unreadable: graded again
        }
    }

    private static void write(Path folder, Record record) {
        try {
            Files.createDirectories(folder);
            JSON.writeValue(folder.resolve("submission.json").toFile(), record);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
