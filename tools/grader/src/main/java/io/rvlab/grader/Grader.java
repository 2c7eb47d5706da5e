package io.rvlab.grader;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The course's grader: runs the grading tests of a chapter's exercises and tells the learner, per
 * exercise, PASSED / FAILED / NOT STARTED / NO TESTS RAN, with the first failure, a hint and the
 * file to edit. {@code ./course grade 1} starts it with the exercise module's classes, tests and
 * dependencies on the class path, after rebuilding, so what runs is what the learner just saved.
 * See {@link Options} for the command line.
 */
public final class Grader {

    private Grader() {
    }

    public static void main(String[] args) {
        PrintStream stdout = System.out;
        // Only the grader's own results go to stdout: in --format json a stray println from a
        // library or a shutdown hook would corrupt the report. Everything else goes to stderr.
        System.setOut(System.err);
        int status = run(args, stdout, System.err, true);
        stdout.flush();
        System.exit(status); // also ends gRPC/Testcontainers threads still lingering
    }

    /** Runs one command; returns the exit status (0 pass, 1 not all pass, 2 usage or setup error). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, false);
    }

    /** @param ownJvm true when started by {@link #main}: JVM-wide settings are then ours to make */
    private static int run(String[] args, PrintStream out, PrintStream err, boolean ownJvm) {
        try {
            Options options = Options.parse(args);
            if (ownJvm && options.logDir() != null) {
                BackgroundErrors.install(options.logDir(), err);
            }
            if (options.mode() == Options.Mode.HELP) {
                out.print(Options.USAGE);
                return 0;
            }
            Manifest manifest = Manifest.load(options.module());
            return switch (options.mode()) {
                case HINT -> hint(manifest, options, out);
                case FILE_OF -> {
                    out.println(manifest.find(options.id()).fileIn(options.module()));
                    yield 0;
                }
                case LIST -> {
                    // For ./course's classroom commands: tab-separated, "-" for a value not given.
                    for (Manifest.Exercise e : manifest.exercises()) {
                        out.println(String.join("\t", e.id(), e.file(), e.tests(), orDash(e.difficulty()), orDash(e.minutes()), e.title()));
                    }
                    yield 0;
                }
                case PROVE -> new Prover(manifest, options, out, err).prove();
                case WATCH -> new Watcher(manifest, options, out, err).run();
                case GRADE -> grade(manifest, options, out, err);
                case HELP -> 0;
            };
        } catch (GraderException e) {
            err.println("grader: " + e.getMessage());
            return 2;
        }
    }

    private static String orDash(Integer n) {
        return n == null ? "-" : n.toString();
    }

    private static int hint(Manifest manifest, Options options, PrintStream out) {
        Manifest.Exercise e = manifest.find(options.id());
        if (options.all()) {
            Hints.all(e, options.module(), out);
        } else {
            new Hints(options.stateDir()).next(e, options.module(), out);
        }
        return 0;
    }

    /** Grades the selected exercises once and prints the scoreboard (or JSON); the watcher calls it on every save. */
    static int grade(Manifest manifest, Options options, PrintStream out, PrintStream err) {
        List<Manifest.Exercise> selected = manifest.select(options.exercise());
        for (String id : options.uncompiled()) {
            manifest.find(id); // a wrong id is a usage error, not a silent no-op
        }
        ExerciseRunner runner = runner(options, options.logDir(), out, err);
        Path files = options.copyOf() != null ? options.copyOf() : options.module();
        Scoreboard board = new Scoreboard(manifest, selected, !options.json() && Scoreboard.colorWanted(), Path.of(""),
                new Hints(options.stateDir())::shown);
        if (!options.json()) {
            out.println(board.header());
            if (options.untrustedTests() != null) {
                out.println("  WARNING: " + options.untrustedTests() + "\n  Nothing is reported PASSED with these tests.\n");
            } else if (options.testsOrigin() != null) {
                out.println("  (" + options.testsOrigin() + ")\n");
            }
        }
        List<ExerciseResult> results = new ArrayList<>();
        LearnerBuild build = options.compile() ? LearnerBuild.compile(manifest, options.module(), options.skeletons(), options.logDir()) : null;
        for (Manifest.Exercise exercise : selected) {
            if (options.json()) {
                err.println("[grader] " + exercise.id() + " " + exercise.title() + " ...");
            }
            ExerciseResult result;
            if (build != null && build.uncompiled().containsKey(exercise.id())) {
                result = uncompiled(exercise, files, options.logDir(), build.uncompiled().get(exercise.id()).toString());
            } else if (options.uncompiled().contains(exercise.id())) {
                result = uncompiled(exercise, files, options.logDir(), "does not compile; the compiler's messages are in the log");
            } else if (options.stopped().containsKey(exercise.id())) {
                result = notRun(exercise, files, options.logDir().resolve(exercise.id() + ".log"), "grading " + exercise.id(),
                        options.stopped().get(exercise.id()) + "; the chapter's other exercises were graded again without it");
            } else if (build != null) {
                result = build.variant().run(() -> runner.grade(exercise, options.repeat())).withFile(exercise.fileIn(files));
            } else {
                result = runner.grade(exercise, options.repeat()).withFile(exercise.fileIn(files));
            }
            if (options.untrustedTests() != null) {
                result = result.untrusted(options.untrustedTests());
            }
            results.add(result);
            if (System.getenv("RVLAB_BOX") != null) {
                clearUp(); // in a class grade's box: what one answer left behind is not the next one's
            }
            if (options.json()) {
                err.println("[grader] " + exercise.id() + " " + result.status().label());
            } else {
                out.print(board.exercise(result));
                out.flush();
            }
        }
        if (build != null) {
            build.variant().close(); // a watch session compiles and loads anew on every save
        }
        if (options.json()) {
            out.println(JsonReport.write(JsonReport.of(manifest, files.toString(), options.repeat(), results, Provenance.of(options))));
        } else {
            out.print(board.footer(results));
        }
        return results.stream().allMatch(r -> r.status() == Status.PASSED) ? 0 : 1;
    }

    /** An exercise whose file did not compile: FAILED without running, pointing at the compiler's output. */
    private static ExerciseResult uncompiled(Manifest.Exercise exercise, Path files, Path logDir, String why) {
        return notRun(exercise, files, logDir.resolve("compile.log"), "compiling " + exercise.file(), why);
    }

    /**
     * In a class grade's box, after each exercise: stops the processes the answer started (all but the tests'
     * etcd, which the harness owns), which would otherwise hold the box's processes and memory for the
     * exercises after it, and empties the temporary folder (best effort: a file still held open stays).
     */
    private static void clearUp() {
        ProcessHandle.current().descendants()
                .filter(p -> !p.info().command().orElse("").endsWith("/etcd"))
                .forEach(ProcessHandle::destroyForcibly);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try (java.util.stream.Stream<Path> children = java.nio.file.Files.list(tmp)) {
            for (Path child : children.filter(p -> !p.getFileName().toString().startsWith("hsperfdata_")).toList()) {
                try {
                    io.rvlab.grader.session.ModuleCompiler.deleteTree(child);
                } catch (java.io.IOException | RuntimeException ignored) {
                    // in use by a thread still running: left
                }
            }
        } catch (java.io.IOException ignored) {
            // no temporary folder: nothing to empty
        }
    }

    /** FAILED without running its tests: {@code what} could not be done, for the reason {@code why}. */
    private static ExerciseResult notRun(Manifest.Exercise exercise, Path files, Path log, String what, String why) {
        Failure failure = Failure.withoutCause(what, why);
        return new ExerciseResult(exercise, exercise.fileIn(files), log.toAbsolutePath(), List.of(new RunResult(0, 1, 0, List.of(failure), null)));
    }

    /** With --verbose the tests' output is echoed: to the console, but never onto the JSON on stdout. */
    static ExerciseRunner runner(Options options, Path logDir, PrintStream out, PrintStream err) {
        PrintStream echoOut = options.verbose() ? (options.json() ? err : out) : null;
        PrintStream echoErr = options.verbose() ? err : null;
        return new ExerciseRunner(options.module(), logDir, echoOut, echoErr);
    }
}
