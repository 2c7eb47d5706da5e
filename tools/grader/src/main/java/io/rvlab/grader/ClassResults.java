package io.rvlab.grader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code ./course class merge}: a class's JSON reports ({@code <results>/<student>/chNN.json}, as
 * {@code ./course class grade} writes them) as one table on the terminal and one CSV, a row per
 * student and a column per exercise. A student is named by their results folder, which the
 * instructor's roster (or copy's folder) named, never by the report's own field. Beside the
 * exercises, what {@code submission.json} says was graded: the commit, whether the working tree
 * held more than that commit, and whether the student's grading tests differ from the course's.
 * It also says when reports of one chapter were made with different grading tests, since they
 * would not be comparable.
 */
public final class ClassResults {

    /** The table's cell for each status: short, so 30 exercises fit a terminal. */
    static String cell(Status status) {
        return switch (status) {
            case PASSED -> "ok";
            case FAILED -> "FAIL";
            case NOT_STARTED -> "-";
            case NO_TESTS_RAN -> "ERR";
        };
    }

    private ClassResults() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: ClassResults <results dir> <csv file>");
            System.exit(2);
        }
        try {
            merge(Path.of(args[0]), Path.of(args[1]), System.out);
        } catch (GraderException e) {
            System.err.println("grader: " + e.getMessage());
            System.exit(2);
        }
    }

    /** One student's reports, by chapter, and what was graded (empty fields without a submission.json). */
    record Student(String name, Map<Integer, JsonReport.Report> chapters, Graded graded) {
    }

    /**
     * From a class grade's {@code submission.json}: the commit graded, on what basis, whether the
     * working tree had uncommitted changes, and the grading files that differ from the course's.
     */
    record Graded(String commit, String basis, boolean uncommitted, List<String> testsChanged) {

        static final Graded UNKNOWN = new Graded(null, null, false, List.of());

        static Graded read(Path folder) {
            Path file = folder.resolve("submission.json");
            if (!Files.isRegularFile(file)) {
                return UNKNOWN;
            }
            try {
                JsonNode s = new ObjectMapper().readTree(file.toFile()).path("submission");
                List<String> changed = new ArrayList<>();
                s.path("testsChanged").forEach(n -> changed.add(n.asText()));
                return new Graded(s.path("commit").asText(null), s.path("basis").asText(null), s.path("uncommitted").asBoolean(),
                        List.copyOf(changed));
            } catch (IOException e) {
                throw new GraderException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }

        String uncommittedCell() {
            return uncommitted ? "yes" : "";
        }

        String testsCell() {
            return testsChanged.isEmpty() ? "" : "CHANGED(" + testsChanged.size() + ")";
        }
    }

    public static void merge(Path results, Path csv, PrintStream out) {
        List<Student> students = read(results);
        if (students.isEmpty()) {
            throw new GraderException("no reports (<student>/chNN.json) in " + results);
        }
        Set<String> ids = new LinkedHashSet<>();
        students.stream().flatMap(s -> s.chapters().values().stream()).sorted(Comparator.comparingInt(JsonReport.Report::chapter))
                .flatMap(r -> r.exercises().stream()).map(JsonReport.ExerciseReport::id).sorted(ClassResults::byId).forEach(ids::add);

        List<List<String>> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("student", "commit", "uncommitted", "tests"));
        head.addAll(ids);
        head.add("passed");
        for (Student s : students) {
            Map<String, Status> status = new TreeMap<>();
            s.chapters().values().forEach(r -> r.exercises().forEach(e -> status.put(e.id(), e.status())));
            List<String> row = new ArrayList<>(List.of(s.name(), commitOf(s), s.graded().uncommittedCell(), s.graded().testsCell()));
            long passed = 0;
            for (String id : ids) {
                Status st = status.get(id);
                row.add(st == null ? "" : cell(st));
                passed += st == Status.PASSED ? 1 : 0;
            }
            row.add(passed + "/" + ids.size());
            rows.add(row);
        }
        print(head, rows, out);
        out.println("ok passed, FAIL failed, - not started, ERR no test ran, blank not graded; commit: the one graded;"
                + " uncommitted: the working tree held more (not graded); tests: the student's grading files differ from the course's"
                + " (never run: the course's own judged them)");
        differentTests(students).forEach(out::println);
        students.stream().filter(s -> !s.graded().testsChanged().isEmpty()).forEach(s -> out.println("TESTS CHANGED by " + s.name() + ": "
                + String.join(", ", s.graded().testsChanged())));
        writeCsv(csv, students, ids);
        out.println("CSV: " + csv);
    }

    private static List<Student> read(Path results) {
        List<Student> students = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(results)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                Map<Integer, JsonReport.Report> chapters = new TreeMap<>();
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path json : files.filter(f -> f.getFileName().toString().matches("ch\\d+\\.json")).sorted().toList()) {
                        JsonReport.Report r = JsonReport.read(Files.readString(json, StandardCharsets.UTF_8));
                        chapters.put(r.chapter(), r);
                    }
                }
                if (!chapters.isEmpty()) {
                    students.add(new Student(dir.getFileName().toString(), chapters, Graded.read(dir)));
                }
            }
        } catch (IOException e) {
            throw new GraderException("cannot read " + results + ": " + e.getMessage(), e);
        }
        return students;
    }

    /** "1.10" after "1.9": ids compare by their numbers. */
    private static int byId(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c = x[i].matches("\\d+") && y[i].matches("\\d+") ? Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i])) : x[i].compareTo(y[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }

    private static String commitOf(Student s) {
        String commit = s.graded().commit() != null ? s.graded().commit() : s.chapters().values().iterator().next().commit();
        return commit == null || commit.equals("none") ? "none" : commit.substring(0, Math.min(7, commit.length()));
    }

    private static List<String> differentTests(List<Student> students) {
        Map<Integer, Set<String>> hashes = new TreeMap<>();
        students.forEach(s -> s.chapters().forEach((ch, r) -> hashes.computeIfAbsent(ch, k -> new LinkedHashSet<>()).add(String.valueOf(r.testsSha256()))));
        return hashes.entrySet().stream().filter(e -> e.getValue().size() > 1)
                .map(e -> "WARNING: chapter " + e.getKey() + " was graded with " + e.getValue().size()
                        + " different sets of grading tests (testsSha256 differs): regrade the class with one checkout")
                .toList();
    }

    private static void print(List<String> head, List<List<String>> rows, PrintStream out) {
        int[] width = new int[head.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = head.get(i).length();
            for (List<String> row : rows) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        List<List<String>> all = new ArrayList<>();
        all.add(head);
        all.addAll(rows);
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < width.length; i++) {
                line.append(String.format("%-" + width[i] + "s", row.get(i))).append(i + 1 < width.length ? "  " : "");
            }
            out.println(line.toString().stripTrailing());
        }
    }

    /**
     * A row per student: name, commit, what the commit was (HEAD, or the last before a deadline),
     * uncommitted changes, changed grading files, time, tests' digests, then each exercise's status
     * word, then the count passed.
     */
    private static void writeCsv(Path csv, List<Student> students, Set<String> ids) {
        StringBuilder text = new StringBuilder("student,commit,graded_commit_is,uncommitted_changes,tests_changed,graded_at,tests_sha256,");
        text.append(String.join(",", ids)).append(",passed,exercises\n");
        for (Student s : students) {
            JsonReport.Report any = s.chapters().values().iterator().next();
            Map<String, Status> status = new TreeMap<>();
            s.chapters().values().forEach(r -> r.exercises().forEach(e -> status.put(e.id(), e.status())));
            String hashes = s.chapters().values().stream().map(r -> r.chapter() + ":" + r.testsSha256()).collect(Collectors.joining(" "));
            Graded g = s.graded();
            List<String> fields = new ArrayList<>(List.of(s.name(), g.commit() != null ? g.commit() : String.valueOf(any.commit()),
                    g.basis() != null ? g.basis() : "", g.uncommitted() ? "yes" : "no", String.join(" ", g.testsChanged()),
                    String.valueOf(any.time()), hashes));
            ids.forEach(id -> fields.add(status.containsKey(id) ? status.get(id).name() : ""));
            fields.add(String.valueOf(status.values().stream().filter(st -> st == Status.PASSED).count()));
            fields.add(String.valueOf(ids.size()));
            text.append(fields.stream().map(ClassResults::csvField).collect(Collectors.joining(","))).append('\n');
        }
        try {
            Files.createDirectories(csv.toAbsolutePath().getParent());
            Files.writeString(csv, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GraderException("cannot write " + csv + ": " + e.getMessage(), e);
        }
    }

    private static String csvField(String value) {
        return value.contains(",") || value.contains("\"") || value.contains("\n") ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }
}
