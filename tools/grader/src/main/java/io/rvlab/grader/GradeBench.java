package io.rvlab.grader;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code ./course bench grade}: how long a learner waits for feedback. It copies one exercise
 * module to a scratch folder, then writes the exercise's skeleton and its reference answer into
 * the learner's file in turn, regrading after each edit, and times:
 * <ul>
 *   <li>a cold regrade: a new JVM, as {@code ./course grade N --exercise N.k} starts one (the launcher's
 *       own checks come on top: they are timed by the {@code reset} row, which is nothing else);</li>
 *   <li>a warm regrade: in this JVM, as {@code ./course watch} does after the first save;</li>
 *   <li>{@code ./course hint} and {@code ./course reset}, the whole commands.</li>
 * </ul>
 * Each edit must flip the verdict (NOT STARTED, then PASSED), so a regrade that graded stale
 * classes would show. A program that prints a table, never a timed test.
 */
public final class GradeBench {

    private GradeBench() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("rvlab.root", ".")).toAbsolutePath().normalize();
        String id = "1.1";
        int rounds = 3;
        Path outDir = root.resolve("tools/grader/target/bench");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--exercise" -> id = args[++i];
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--quick" -> rounds = 2;
                case "--out" -> outDir = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i] + " (--exercise N.k, --rounds K, --quick, --out DIR)");
            }
        }
        String chapter = String.format(Locale.ROOT, "ch%02d", Integer.parseInt(id.substring(0, id.indexOf('.'))));
        Path module = root.resolve("exercises/" + chapter);
        Path scratch = root.resolve("tools/grader/target/bench-grade/" + chapter);
        copyModule(module, scratch);
        Manifest manifest = Manifest.load(scratch);
        Manifest.Exercise exercise = manifest.find(id);
        Path file = exercise.fileIn(scratch);
        String skeleton = Files.readString(file);
        String answer = Files.readString(exercise.fileIn(root.resolve("solutions/" + chapter)));

        List<Row> rows = new ArrayList<>();
        String course = root.resolve("course").toString();
        rows.add(command("./course hint " + id + " --all", root, rounds, 1.0, course, "hint", id, "--all"));
        rows.add(command("./course reset " + id + " (nothing to restore)", root, rounds, 2.0, course, "reset", id));

        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Row cold = new Row("regrade " + id + ", cold (a new JVM, as ./course grade)", 0);
        for (int r = 0; r < rounds; r++) {
            for (String text : List.of(answer, skeleton)) {
                Files.writeString(file, text);
                long start = System.nanoTime();
                Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Grader.class.getName(),
                        "--module", scratch.toString(), "--compile", "--exercise", id)
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                int exit = p.waitFor();
                cold.add(seconds(start), (text == answer) == (exit == 0));
            }
        }
        rows.add(cold);

        Options options = Options.parse("--module", scratch.toString(), "--compile", "--exercise", id, "--format", "json");
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Files.writeString(file, skeleton);
        long first = System.nanoTime();
        boolean firstRight = Grader.grade(manifest, options, quiet, quiet) != 0;
        Row firstRow = new Row("first grade of a watch session (etcd starts)", 0);
        firstRow.add(seconds(first), firstRight);
        rows.add(firstRow);
        Row warm = new Row("regrade " + id + ", warm (./course watch, after a save)", 10.0);
        for (int r = 0; r < rounds; r++) {
            for (String text : List.of(answer, skeleton)) {
                Files.writeString(file, text);
                long start = System.nanoTime();
                int exit = Grader.grade(manifest, options, quiet, quiet);
                warm.add(seconds(start), (text == answer) == (exit == 0));
            }
        }
        rows.add(warm);

        String table = table(id, rows);
        System.out.print(table);
        Files.createDirectories(outDir);
        Files.writeString(outDir.resolve("grade-table.txt"), table);
        System.exit(rows.stream().allMatch(Row::right) ? 0 : 1);
    }

    private static Row command(String label, Path root, int rounds, double target, String... command) throws IOException, InterruptedException {
        Row row = new Row(label, target);
        for (int r = 0; r < rounds; r++) {
            long start = System.nanoTime();
            Process p = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            int exit = p.waitFor();
            row.add(seconds(start), exit == 0);
        }
        return row;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    private static String table(String id, List<Row> rows) {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "Feedback times for exercise %s (%d cores, Java %s)%n", id,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version")));
        t.append(String.format(Locale.ROOT, "%-58s %5s %9s %9s %9s  %s%n", "step", "runs", "median s", "max s", "target s", "verdict"));
        for (Row row : rows) {
            List<Double> sorted = row.times.stream().sorted().toList();
            double median = sorted.get(sorted.size() / 2);
            double max = sorted.get(sorted.size() - 1);
            String verdict = !row.right() ? (row.target == 0 || row.label.startsWith("regrade") ? "WRONG VERDICT (graded stale classes?)"
                    : "FAILED (run it by hand to see why; reset needs the handout or an upstream branch)")
                    : row.target == 0 ? "" : median < row.target ? "met" : "MISSED";
            t.append(String.format(Locale.ROOT, "%-58s %5d %9.2f %9.2f %9s  %s%n", row.label, sorted.size(), median, max,
                    row.target == 0 ? "-" : String.format(Locale.ROOT, "< %.0f", row.target), verdict));
        }
        return t.toString();
    }

    private static void copyModule(Path module, Path scratch) throws IOException {
        io.rvlab.grader.session.ModuleCompiler.deleteTree(scratch);
        try (Stream<Path> walk = Files.walk(module)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                Path rel = module.relativize(p);
                if (rel.startsWith("target")) {
                    continue;
                }
                Path to = scratch.resolve(rel.toString().replace(File.separatorChar, '/'));
                Files.createDirectories(to.getParent());
                Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** One step's times, and whether every run gave the verdict it should. */
    private static final class Row {
        final String label;
        final double target;
        final List<Double> times = new ArrayList<>();
        boolean right = true;

        Row(String label, double target) {
            this.label = label;
            this.target = target;
        }

        void add(double seconds, boolean rightVerdict) {
            times.add(seconds);
            right &= rightVerdict;
        }

        boolean right() {
            return right;
        }
    }
}
