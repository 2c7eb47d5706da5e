package io.rvlab.grader;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CI proof that every exercise is gradeable: its tests must FAIL on the skeleton (else the
 * learner gets a free pass) and PASS on the reference solution (else the exercise is impossible),
 * with at least one test executed on each side (else nothing was proven).
 *
 * The skeleton side runs here, on this JVM's class path (the exercise module). The solution side
 * runs in a child JVM on the solution module's class path: the same class names compiled from the
 * same test sources, so the two cannot share one class loader. The child is this grader with
 * {@code --format json}, so both sides are judged by the very same code.
 */
final class Prover {

    private final Manifest manifest;
    private final Options options;
    private final PrintStream out;
    private final PrintStream err;
    private final List<String> extraJvmArgs;
    private final ProcessBuilder.Redirect childErr;

    /** The command line's prover: the child's progress and errors show on this terminal. */
    Prover(Manifest manifest, Options options, PrintStream out, PrintStream err) {
        this(manifest, options, out, err, List.of(), ProcessBuilder.Redirect.INHERIT);
    }

    /**
     * @param extraJvmArgs added to the child JVM's command line
     * @param childErr     where the child's stderr goes (tests keep it out of the build output)
     */
    Prover(Manifest manifest, Options options, PrintStream out, PrintStream err, List<String> extraJvmArgs,
           ProcessBuilder.Redirect childErr) {
        this.manifest = manifest;
        this.options = options;
        this.out = out;
        this.err = err;
        this.extraJvmArgs = List.copyOf(extraJvmArgs);
        this.childErr = childErr;
    }

    int prove() {
        Path solution = options.path();
        List<String> solutionClassPath = solutionClassPath(solution);
        List<Manifest.Exercise> selected = manifest.select(options.exercise());

        err.println("[prove] chapter " + manifest.chapter() + ": grading the skeletons in " + options.module());
        ExerciseRunner runner = Grader.runner(options, options.logDir().resolve("prove-skeleton"), out, err);
        Map<String, ExerciseResult> skeleton = new LinkedHashMap<>();
        for (Manifest.Exercise e : selected) {
            ExerciseResult result = runner.grade(e, options.repeat());
            skeleton.put(e.id(), result);
            err.println("[prove] skeleton " + e.id() + ": " + result.status().label());
        }

        err.println("[prove] grading the solutions in " + solution + " (child JVM)");
        Map<String, JsonReport.ExerciseReport> solved = new LinkedHashMap<>();
        String childProblem = null;
        try {
            for (JsonReport.ExerciseReport r : runSolution(solution, solutionClassPath).exercises()) {
                solved.put(r.id(), r);
            }
        } catch (GraderException e) {
            childProblem = e.getMessage();
            err.println("[prove] " + childProblem);
        }

        List<String[]> rows = new ArrayList<>();
        int proven = 0;
        for (Manifest.Exercise e : selected) {
            ExerciseResult skel = skeleton.get(e.id());
            JsonReport.ExerciseReport sol = solved.get(e.id());
            String problem = problem(e, skel, sol, childProblem);
            if (problem == null) {
                proven++;
            }
            rows.add(new String[] {e.id(), tests(skel, sol), cell(skel.status(), skel.shown().passed(), skel.shown().run()),
                    sol == null ? "not graded" : cell(sol.status(), sol.testsPassed(), sol.testsRun()),
                    problem == null ? "ok" : "WRONG: " + problem});
        }
        printTable(rows);
        int wrong = selected.size() - proven;
        out.println("prove: chapter " + manifest.chapter() + " (" + manifest.title() + "): " + proven + " of " + selected.size()
                + " exercises proven" + (wrong == 0 ? "" : "; skeleton logs in " + options.logDir().resolve("prove-skeleton")
                + ", solution logs in " + solution.resolve("target/grader")));
        out.println("prove: " + proven + " passed, " + wrong + " failed");
        return wrong == 0 ? 0 : 1;
    }

    /** Why this row disproves the exercise, or null when it holds. */
    private String problem(Manifest.Exercise e, ExerciseResult skel, JsonReport.ExerciseReport sol, String childProblem) {
        List<String> problems = new ArrayList<>();
        if (!Files.isRegularFile(e.fileIn(options.module()))) {
            problems.add("its file " + e.file() + " does not exist");
        }
        if (skel.status() == Status.PASSED) {
            problems.add("the skeleton passes (if you solved it in exercises/ yourself, that is why: prove checks untouched skeletons)");
        } else if (skel.status() == Status.NO_TESTS_RAN) {
            problems.add("on the skeleton " + skel.shown().reason());
        }
        if (sol == null) {
            problems.add(childProblem != null ? "the solution was not graded" : "the solution's report lacks it");
        } else if (sol.status() != Status.PASSED) {
            String why = sol.reason() != null ? sol.reason() : sol.status().label();
            problems.add((sol.status() == Status.NO_TESTS_RAN ? "on the solution " : "the solution fails: ") + why);
        }
        return problems.isEmpty() ? null : String.join("; ", problems);
    }

    private static String tests(ExerciseResult skel, JsonReport.ExerciseReport sol) {
        int a = skel.shown().run();
        return sol == null || sol.testsRun() == a ? String.valueOf(a) : a + " vs " + sol.testsRun();
    }

    private static String cell(Status status, int passed, int run) {
        return status.label() + " (" + passed + "/" + run + ")";
    }

    private void printTable(List<String[]> rows) {
        String[] head = {"exercise", "tests", "skeleton (must fail)", "solution (must pass)", "verdict"};
        int[] width = new int[head.length - 1];
        for (int i = 0; i < width.length; i++) {
            width[i] = head[i].length();
            for (String[] row : rows) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        List<String[]> all = new ArrayList<>();
        all.add(head);
        all.addAll(rows);
        for (String[] row : all) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < width.length; i++) {
                line.append(String.format("%-" + width[i] + "s | ", row[i]));
            }
            out.println(line.append(row[row.length - 1]));
        }
    }

    /** solutions/chNN/target/{classes,test-classes} + target/classpath.txt, as the build left them. */
    private static List<String> solutionClassPath(Path solution) {
        Path classes = solution.resolve("target/classes");
        Path testClasses = solution.resolve("target/test-classes");
        Path deps = solution.resolve("target/classpath.txt");
        for (Path needed : List.of(classes, testClasses, deps)) {
            if (!Files.exists(needed)) {
                throw new GraderException("the solution module is not built (" + needed + " is missing): run ./mvnw install -DskipTests -pl "
                        + solution.getFileName() + " -am from its checkout, or ./course prove");
            }
        }
        List<String> entries = new ArrayList<>(List.of(classes.toString(), testClasses.toString()));
        try {
            for (String entry : Files.readString(deps, StandardCharsets.UTF_8).trim().split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    entries.add(entry);
                }
            }
        } catch (IOException e) {
            throw new GraderException("cannot read " + deps + ": " + e.getMessage(), e);
        }
        // The solution module depends on the grader already; this only matters if it ever stops to.
        String self = ownLocation();
        if (self != null && !entries.contains(self)) {
            entries.add(self);
        }
        return entries;
    }

    private static String ownLocation() {
        try {
            return Path.of(Grader.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** Runs {@code java -cp <solution> Grader --module <exercises> --format json}; stdout is the report. */
    private JsonReport.Report runSolution(Path solution, List<String> classPath) {
        Path logDir = solution.resolve("target/grader");
        Path report = logDir.resolve("prove-report.json");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String root = System.getProperty("rvlab.root");
        if (root != null) {
            command.add("-Drvlab.root=" + root);
        }
        command.addAll(extraJvmArgs);
        command.addAll(List.of("-cp", String.join(File.pathSeparator, classPath), Grader.class.getName(),
                "--module", options.module().toString(), "--format", "json", "--log-dir", logDir.toString(),
                "--repeat", String.valueOf(options.repeat())));
        if (options.exercise() != null) {
            command.addAll(List.of("--exercise", options.exercise()));
        }
        if (options.verbose()) {
            command.add("--verbose");
        }
        int exit;
        try {
            Files.createDirectories(logDir);
            // The environment passes through unchanged: DOCKER_HOST, RVLAB_ETCD_* and so on.
            Process child = new ProcessBuilder(command)
                    .redirectOutput(report.toFile())
                    .redirectError(childErr)
                    .start();
            exit = child.waitFor();
        } catch (IOException e) {
            throw new GraderException("cannot start the solution's JVM: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GraderException("interrupted while grading the solution");
        }
        String json;
        try {
            json = Files.readString(report, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GraderException("cannot read " + report + ": " + e.getMessage(), e);
        }
        if (exit > 1 || json.isBlank()) {
            throw new GraderException("grading the solution failed (exit " + exit + "; its error is "
                    + (childErr == ProcessBuilder.Redirect.INHERIT ? "printed above" : "in " + childErr.file()) + ")");
        }
        return JsonReport.read(json);
    }
}
