package io.rvlab.grader;

import io.rvlab.grader.session.ModuleCompiler;
import io.rvlab.grader.session.Variant;
import io.rvlab.grader.session.WrongAnswer;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CI proof that every exercise is gradeable and its tests mean something. For each exercise:
 * <ul>
 *   <li>its tests FAIL on the skeleton (else the learner gets a free pass);</li>
 *   <li>they PASS on the reference solution (else the exercise is impossible), with at least one
 *       test executed on each side (else nothing was proven);</li>
 *   <li>every entry of its catalogue of wrong answers ({@code solutions/chNN/wrong/<id>/*.diff}, see
 *       {@link WrongAnswer}) is caught: each test method it names fails on the solution with that
 *       mistake applied.</li>
 * </ul>
 * Everything runs in this JVM, on one etcd: the skeleton, the solution and each wrong answer are
 * compiled with {@code javax.tools} and loaded, with the grading tests, in a class loader of their
 * own ({@link Variant}), so a hundred wrong answers cost seconds each, not a Maven build each. This
 * JVM's class path must therefore hold the dependencies only, never the modules' own classes.
 */
final class Prover {

    private final Manifest manifest;
    private final Options options;
    private final PrintStream out;
    private final PrintStream err;

    Prover(Manifest manifest, Options options, PrintStream out, PrintStream err) {
        this.manifest = manifest;
        this.options = options;
        this.out = out;
        this.err = err;
    }

    int prove() {
        Path exercises = options.module();
        Path solution = options.path();
        List<Path> deps = DependencyPath.ofThisJvm(exercises, solution);
        List<Manifest.Exercise> selected = manifest.select(options.exercise());
        Path work = exercises.resolve("target/grader/prove");

        ModuleCompiler.Compilation skeletonBuild = ModuleCompiler.compile(List.of(exercises.resolve("src/main/java"),
                exercises.resolve("src/given/java")), DependencyPath.forMain(exercises, deps), work.resolve("skeleton"), Map.of());
        requireCompiled(skeletonBuild, "the skeletons in " + exercises);
        ModuleCompiler.Compilation testsBuild = ModuleCompiler.compile(List.of(exercises.resolve("src/test/java")),
                prepend(work.resolve("skeleton"), deps), work.resolve("tests"), Map.of());
        requireCompiled(testsBuild, "the grading tests in " + exercises.resolve("src/test/java"));
        Path solutionClasses = solution.resolve("target/grader/prove/solution");
        List<Path> solutionDeps = DependencyPath.forMain(solution, deps);
        ModuleCompiler.Compilation solutionBuild = ModuleCompiler.compile(List.of(solution.resolve("src/main/java"),
                exercises.resolve("src/given/java")), solutionDeps, solutionClasses, Map.of());
        requireCompiled(solutionBuild, "the solutions in " + solution);
        Path tests = work.resolve("tests");

        long started = System.nanoTime();
        err.println("[prove] chapter " + manifest.chapter() + ": grading the skeletons in " + exercises);
        Map<String, ExerciseResult> skeleton = gradeAll(Variant.of("skeleton", List.of(work.resolve("skeleton"), tests)), selected,
                Grader.runner(options, options.logDir().resolve("prove-skeleton"), out, err), "skeleton");
        long skeletonsDone = System.nanoTime();
        err.println("[prove] grading the solutions in " + solution);
        Map<String, ExerciseResult> solved = gradeAll(Variant.of("solution", List.of(solutionClasses, tests)), selected,
                Grader.runner(options, solution.resolve("target/grader"), out, err), "solution");

        String othersProblem = otherTests(tests, solutionClasses);
        long solutionsDone = System.nanoTime();
        Map<String, List<String>> wrongProblems = new LinkedHashMap<>();
        Map<String, Integer> wrongCaught = new LinkedHashMap<>();
        Map<String, Integer> wrongTotal = new LinkedHashMap<>();
        List<WrongAnswer> catalogue = catalogue(solution, selected);
        for (WrongAnswer wrong : catalogue) {
            Manifest.Exercise e = manifest.find(wrong.exercise());
            String problem = proveWrong(wrong, e, solution, solutionClasses, tests, solutionDeps);
            wrongTotal.merge(e.id(), 1, Integer::sum);
            if (problem == null) {
                wrongCaught.merge(e.id(), 1, Integer::sum);
            } else {
                wrongProblems.computeIfAbsent(e.id(), k -> new ArrayList<>()).add(wrong.name() + ": " + problem);
            }
            err.println("[prove] wrong answer " + e.id() + "/" + wrong.name() + ": " + (problem == null ? "caught" : "NOT CAUGHT: " + problem));
        }

        List<String[]> rows = new ArrayList<>();
        int proven = 0;
        for (Manifest.Exercise e : selected) {
            ExerciseResult skel = skeleton.get(e.id());
            ExerciseResult sol = solved.get(e.id());
            List<String> problems = problems(e, skel, sol);
            problems.addAll(wrongProblems.getOrDefault(e.id(), List.of()));
            if (problems.isEmpty()) {
                proven++;
            }
            int total = wrongTotal.getOrDefault(e.id(), 0);
            rows.add(new String[] {e.id(), tests(skel, sol), cell(skel.status(), skel.shown().passed(), skel.shown().run()),
                    cell(sol.status(), sol.shown().passed(), sol.shown().run()),
                    total == 0 ? "none yet" : wrongCaught.getOrDefault(e.id(), 0) + "/" + total + " caught",
                    problems.isEmpty() ? "ok" : "WRONG: " + String.join("; ", problems)});
        }
        printTable(rows);
        long done = System.nanoTime();
        out.printf(java.util.Locale.ROOT, "prove: chapter %d took %.0f s: skeletons %.0f s, solutions %.0f s, wrong answers %.0f s%n", manifest.chapter(),
                (done - started) / 1e9, (skeletonsDone - started) / 1e9, (solutionsDone - skeletonsDone) / 1e9, (done - solutionsDone) / 1e9);
        if (othersProblem != null) {
            out.println("prove: WRONG: " + othersProblem);
        }
        int wrong = selected.size() - proven + (othersProblem == null ? 0 : 1);
        out.println("prove: chapter " + manifest.chapter() + " (" + manifest.title() + "): " + proven + " of " + selected.size()
                + " exercises proven, " + catalogue.size() + " wrong answers tried" + (wrong == 0 ? "" : "; skeleton logs in "
                + options.logDir().resolve("prove-skeleton") + ", solution and wrong-answer logs in " + solution.resolve("target/grader")));
        out.println("prove: " + proven + " passed, " + wrong + " failed");
        return wrong == 0 ? 0 : 1;
    }

    /**
     * The module's test classes that grade no exercise (tests of code the exercise gives, say) run on
     * the solution too: ./course test leaves every solution test to this prover, so none may go unrun.
     *
     * @return why they do not all pass, or null
     */
    private String otherTests(Path tests, Path solutionClasses) {
        if (options.exercise() != null) {
            return null; // one exercise asked for: its own tests only
        }
        List<String> graded = manifest.exercises().stream().map(Manifest.Exercise::tests).toList();
        List<String> others;
        try (java.util.stream.Stream<Path> walk = Files.walk(tests)) {
            others = walk.map(p -> tests.relativize(p).toString()).filter(n -> n.endsWith("Test.class") && !n.contains("$"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace(java.io.File.separatorChar, '.'))
                    .filter(n -> !graded.contains(n)).sorted().toList();
        } catch (java.io.IOException e) {
            throw new GraderException("cannot list " + tests + ": " + e.getMessage(), e);
        }
        if (others.isEmpty()) {
            return null;
        }
        List<String> problems = new ArrayList<>();
        TestClassRunner runner = new TestClassRunner();
        try (Variant variant = Variant.of("solution-others", List.of(solutionClasses, tests))) {
            for (String name : others) {
                RunResult run;
                try (OutputCapture capture = OutputCapture.start(options.path().resolve("target/grader/" + name + ".log"), null, null)) {
                    run = variant.run(() -> runner.run(name));
                }
                err.println("[prove] other test " + name + " on the solutions: " + run.status().label() + " (" + run.passed() + "/" + run.run() + ")");
                if (run.status() != Status.PASSED) {
                    problems.add(name + ": " + Failure.oneLine(run.reason()));
                }
            }
        }
        return problems.isEmpty() ? null : "the module's other tests fail on the solutions: " + String.join("; ", problems);
    }

    private Map<String, ExerciseResult> gradeAll(Variant variant, List<Manifest.Exercise> selected, ExerciseRunner runner, String side) {
        Map<String, ExerciseResult> results = new LinkedHashMap<>();
        try (variant) {
            for (Manifest.Exercise e : selected) {
                ExerciseResult result = variant.run(() -> runner.grade(e, options.repeat()));
                results.put(e.id(), result);
                err.println("[prove] " + side + " " + e.id() + ": " + result.status().label());
            }
        }
        return results;
    }

    private List<WrongAnswer> catalogue(Path solution, List<Manifest.Exercise> selected) {
        List<String> ids = selected.stream().map(Manifest.Exercise::id).toList();
        List<WrongAnswer> all;
        try {
            all = WrongAnswer.catalogue(solution);
        } catch (IllegalArgumentException e) {
            throw new GraderException("a wrong answer cannot be read: " + e.getMessage(), e);
        }
        for (WrongAnswer w : all) {
            manifest.find(w.exercise()); // a folder named after no exercise is a mistake in the catalogue
        }
        return all.stream().filter(w -> ids.contains(w.exercise())).toList();
    }

    /** Why this wrong answer is not caught, or null when every test it names fails on it. */
    private String proveWrong(WrongAnswer wrong, Manifest.Exercise e, Path solution, Path solutionClasses, Path tests, List<Path> deps) {
        Map<Path, String> patched;
        try {
            patched = wrong.apply(solution);
        } catch (IllegalArgumentException ex) {
            return ex.getMessage();
        }
        Path classes = solution.resolve("target/grader/prove/wrong/" + e.id() + "/" + wrong.name());
        ModuleCompiler.Compilation build = ModuleCompiler.compileFiles(patched, prepend(solutionClasses, deps), classes);
        if (!build.ok()) {
            return "it does not compile (" + build.errors().get(0) + "): a wrong answer must be one a learner could run";
        }
        ExerciseRunner runner = Grader.runner(options, solution.resolve("target/grader/wrong"), out, err);
        ExerciseResult result;
        try (Variant variant = Variant.of("wrong-" + wrong.name(), List.of(classes, solutionClasses, tests))) {
            result = variant.run(() -> runner.grade(e, 1, wrong.caughtBy(), e.id() + "/" + wrong.name()));
        }
        RunResult run = result.shown();
        if (run.run() == 0) {
            return Failure.oneLine(run.reason());
        }
        List<String> failedMethods = run.failures().stream().map(Failure::method).toList();
        List<String> missed = wrong.caughtBy().stream().filter(m -> !failedMethods.contains(m)).toList();
        return missed.isEmpty() ? null : "passes " + String.join(", ", missed) + " (" + wrong.mistake() + ")";
    }

    private static void requireCompiled(ModuleCompiler.Compilation build, String what) {
        if (!build.ok()) {
            throw new GraderException(what + " do not compile: " + build.errors().stream().limit(5).map(Object::toString)
                    .reduce((a, b) -> a + "; " + b).orElse("(no message)"));
        }
    }

    private static List<Path> prepend(Path first, List<Path> rest) {
        List<Path> all = new ArrayList<>(List.of(first));
        all.addAll(rest);
        return all;
    }

    /** Why this row disproves the exercise; empty when it holds. */
    private List<String> problems(Manifest.Exercise e, ExerciseResult skel, ExerciseResult sol) {
        List<String> problems = new ArrayList<>();
        if (!Files.isRegularFile(e.fileIn(options.module()))) {
            problems.add("its file " + e.file() + " does not exist");
        }
        if (skel.status() == Status.PASSED) {
            problems.add("the skeleton passes (if you solved it in exercises/ yourself, that is why: prove checks untouched skeletons)");
        } else if (skel.status() == Status.NO_TESTS_RAN) {
            problems.add("on the skeleton " + Failure.oneLine(skel.shown().reason()));
        }
        if (sol.status() != Status.PASSED) {
            String why = sol.shown().reason() != null ? Failure.oneLine(sol.shown().reason()) : sol.status().label();
            problems.add((sol.status() == Status.NO_TESTS_RAN ? "on the solution " : "the solution fails: ") + why);
        }
        return problems;
    }

    private static String tests(ExerciseResult skel, ExerciseResult sol) {
        int a = skel.shown().run();
        return sol.shown().run() == a ? String.valueOf(a) : a + " vs " + sol.shown().run();
    }

    private static String cell(Status status, int passed, int run) {
        return status.label() + " (" + passed + "/" + run + ")";
    }

    private void printTable(List<String[]> rows) {
        String[] head = {"exercise", "tests", "skeleton (must fail)", "solution (must pass)", "wrong answers (must fail)", "verdict"};
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
}
