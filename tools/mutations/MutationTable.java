import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The Java half of tools/mutations/mutations.sh: which exercises to mutate, and what PIT made of them.
 * Run as a source file (Java 11+), from the root of the checkout:
 * <pre>
 *   java tools/mutations/MutationTable.java list [--chapter N | --exercise N.k]
 *       one line per exercise: id, chapter folder (ch01), the exercise's class, its grading test class
 *   java tools/mutations/MutationTable.java report [--record] ID=SECONDS ...
 *       reads solutions/chNN/target/mutations/ID/mutations.xml (PIT's XML report) and
 *       solutions/chNN/mutations-equivalent.yaml; prints a row per exercise and the survivors' lines;
 *       --record also writes the rows into tools/mutations/mutations-table.txt (the instructor page shows it);
 *       exits 1 if a survivor is not recorded as equivalent, or an exercise has no report.
 * </pre>
 * A mutant that PIT reports SURVIVED or NO_COVERAGE is a survivor: either a grading test is missing,
 * or it is recorded as equivalent (no test can tell it from the solution) with the reason why.
 */
public class MutationTable {

    static final Path RECORD = Path.of("tools/mutations/mutations-table.txt");
    static final Pattern EXERCISE_ID = Pattern.compile("\\d+\\.\\d+");

    record Exercise(String id, String chapter, String className, String tests) {
    }

    record Mutant(String status, String mutatedClass, String sourceFile, int line, String mutator, String description) {
        String mutatorName() {
            return mutator.substring(mutator.lastIndexOf('.') + 1);
        }
    }

    record Equivalent(String exercise, String className, int line, String mutator, String reason) {
        boolean covers(String id, Mutant m) {
            return exercise.equals(id) && className.equals(m.mutatedClass()) && line == m.line()
                    && mutator.equals(m.mutatorName());
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 1 && args[0].equals("list")) {
            list(args);
        } else if (args.length >= 1 && args[0].equals("report")) {
            System.exit(report(args));
        } else {
            System.err.println("usage: java tools/mutations/MutationTable.java list [--chapter N | --exercise N.k]\n"
                    + "       java tools/mutations/MutationTable.java report [--record] ID=SECONDS ...");
            System.exit(2);
        }
    }

    // ---- list -------------------------------------------------------------------------------------

    static void list(String[] args) throws IOException {
        String chapter = null;
        String only = null;
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--chapter") && i + 1 < args.length) {
                chapter = String.format("ch%02d", Integer.parseInt(args[++i]));
            } else if (args[i].equals("--exercise") && i + 1 < args.length) {
                only = args[++i];
            } else {
                throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        List<Exercise> found = new ArrayList<>();
        try (var dirs = Files.list(Path.of("exercises"))) {
            for (Path dir : dirs.sorted().toList()) {
                Path yaml = dir.resolve("exercises.yaml");
                if (!Files.isRegularFile(yaml) || (chapter != null && !dir.getFileName().toString().equals(chapter))) {
                    continue;
                }
                for (Exercise e : exercisesOf(yaml)) {
                    if (only == null || only.equals(e.id())) {
                        found.add(e);
                    }
                }
            }
        }
        if (found.isEmpty()) {
            System.err.println("no exercise matches " + (only != null ? only : chapter != null ? chapter : "(all)"));
            System.exit(1);
        }
        for (Exercise e : found) {
            System.out.println(e.id() + "\t" + e.chapter() + "\t" + e.className() + "\t" + e.tests());
        }
    }

    /** The id, file and tests of every exercise in one exercises.yaml (only those three keys matter here). */
    static List<Exercise> exercisesOf(Path yaml) throws IOException {
        String chapter = yaml.getParent().getFileName().toString();
        List<Exercise> result = new ArrayList<>();
        Map<String, String> current = null;
        for (String line : Files.readAllLines(yaml)) {
            Matcher start = Pattern.compile("^  - id:\\s*(.+)$").matcher(line);
            Matcher key = Pattern.compile("^    (file|tests):\\s*(.+)$").matcher(line);
            if (start.matches()) {
                addExercise(result, chapter, current);
                current = new LinkedHashMap<>();
                current.put("id", unquote(start.group(1)));
            } else if (current != null && key.matches()) {
                current.put(key.group(1), unquote(key.group(2)));
            }
        }
        addExercise(result, chapter, current);
        return result;
    }

    static void addExercise(List<Exercise> result, String chapter, Map<String, String> e) {
        if (e == null) {
            return;
        }
        // file: src/main/java/io/rvlab/exercises/ch01/FourNumbers.java -> io.rvlab.exercises.ch01.FourNumbers
        String file = e.get("file");
        String className = file.replaceFirst("^src/main/java/", "").replaceFirst("\\.java$", "").replace('/', '.');
        result.add(new Exercise(e.get("id"), chapter, className, e.get("tests")));
    }

    // ---- report -----------------------------------------------------------------------------------

    static int report(String[] args) throws Exception {
        boolean record = false;
        Map<String, Long> seconds = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--record")) {
                record = true;
            } else {
                String[] parts = args[i].split("=", 2);
                seconds.put(parts[0], Long.parseLong(parts[1]));
            }
        }
        String date = LocalDate.now(ZoneOffset.UTC).toString();
        Map<String, String> rows = new TreeMap<>(MutationTable::compareIds);
        StringBuilder details = new StringBuilder();
        int status = 0;
        System.out.println(HEADER);
        for (var entry : seconds.entrySet()) {
            String id = entry.getKey();
            String chapter = String.format("ch%02d", Integer.parseInt(id.substring(0, id.indexOf('.'))));
            Path xml = Path.of("solutions", chapter, "target", "mutations", id, "mutations.xml");
            Path equivalentFile = Path.of("solutions", chapter, "mutations-equivalent.yaml");
            Exercise exercise = exercisesOf(Path.of("exercises", chapter, "exercises.yaml")).stream()
                    .filter(e -> e.id().equals(id)).findFirst().orElseThrow();
            String simpleName = exercise.className().substring(exercise.className().lastIndexOf('.') + 1);
            if (!Files.isRegularFile(xml)) {
                System.out.printf("%-8s %-22s no PIT report (%s): the run failed, see its log%n", id, simpleName, xml);
                status = 1;
                continue;
            }
            List<Equivalent> equivalents = Files.isRegularFile(equivalentFile) ? equivalentsIn(equivalentFile) : List.of();
            int killed = 0, timedOut = 0, other = 0, survived = 0, noCoverage = 0, equivalent = 0;
            List<Mutant> mutants = mutantsIn(xml);
            for (Mutant m : mutants) {
                Equivalent known = equivalents.stream().filter(q -> q.covers(id, m)).findFirst().orElse(null);
                boolean survivor = m.status().equals("SURVIVED") || m.status().equals("NO_COVERAGE");
                String where = String.format("%s:%d", m.sourceFile(), m.line());
                if (survivor && known != null) {
                    equivalent++;
                    details.append(String.format("   equivalent   %-28s %s (%s): %s%n", where, m.description(), m.mutatorName(), known.reason()));
                } else if (survivor) {
                    if (m.status().equals("SURVIVED")) survived++; else noCoverage++;
                    details.append(String.format("   %-12s %-28s %s (%s)%n", m.status().equals("SURVIVED") ? "SURVIVED" : "NO COVERAGE",
                            where, m.description(), m.mutatorName()));
                } else if (m.status().equals("KILLED")) {
                    killed++;
                } else if (m.status().equals("TIMED_OUT")) {
                    timedOut++;
                } else {
                    other++; // MEMORY_ERROR, RUN_ERROR, NON_VIABLE: detected, but not by an assertion
                }
            }
            if (survived + noCoverage > 0) {
                status = 1;
            }
            String row = String.format("%-8s %-22s %7d %6d %9d %5d %8d %11d %10d %7d  %s",
                    id, simpleName, mutants.size(), killed, timedOut, other, survived, noCoverage, equivalent, entry.getValue(), date);
            rows.put(id, row);
            System.out.println(row);
            System.out.print(details);
            details.setLength(0);
        }
        if (record && !rows.isEmpty()) {
            record(rows);
        }
        return status;
    }

    static final String HEADER = String.format("%-8s %-22s %7s %6s %9s %5s %8s %11s %10s %7s  %s",
            "exercise", "class", "mutants", "killed", "timed out", "other", "survived", "no coverage", "equivalent", "seconds", "recorded");

    /** Replaces the rows of the exercises just run in the recorded table and keeps the others' rows. */
    static void record(Map<String, String> rows) throws Exception {
        Map<String, String> all = new TreeMap<>(MutationTable::compareIds);
        if (Files.isRegularFile(RECORD)) {
            for (String line : Files.readAllLines(RECORD)) {
                String first = line.split(" ", 2)[0];
                if (EXERCISE_ID.matcher(first).matches()) {
                    all.put(first, line);
                }
            }
        }
        all.putAll(rows);
        StringBuilder out = new StringBuilder();
        out.append("Mutation testing: every reference solution against its own grading tests (tools/mutations/mutations.sh --record)\n");
        out.append("PIT ").append(pomVersion("pitest-maven")).append(" with pitest-junit5-plugin ").append(pomVersion("pitest-junit5-plugin"))
                .append(", default mutators, one thread; the grading tests run on a real etcd, as ./mvnw test runs them\n");
        out.append(Runtime.getRuntime().availableProcessors()).append(" cores, ")
                .append(System.getProperty("java.vm.name")).append(' ').append(System.getProperty("java.version"))
                .append("; each row as recorded on its date (seconds: the whole PIT run of that exercise)\n\n");
        out.append(HEADER).append('\n');
        for (String row : all.values()) {
            out.append(row).append('\n');
        }
        out.append("\nkilled: a grading test failed on the mutant; timed out: it ran past PIT's limit (counted as detected);\n");
        out.append("other: memory or run errors; survived: every test passed; no coverage: no test ran the mutated line;\n");
        out.append("equivalent: a survivor recorded in solutions/chNN/mutations-equivalent.yaml, with why no test can tell it apart.\n");
        Files.writeString(RECORD, out.toString());
        System.out.println("recorded " + rows.keySet() + " in " + RECORD);
    }

    static int compareIds(String a, String b) {
        String[] x = a.split("\\."), y = b.split("\\.");
        int c = Integer.compare(Integer.parseInt(x[0]), Integer.parseInt(y[0]));
        return c != 0 ? c : Integer.compare(Integer.parseInt(x[1]), Integer.parseInt(y[1]));
    }

    static List<Mutant> mutantsIn(Path xml) throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = factory.newDocumentBuilder().parse(xml.toFile());
        NodeList nodes = doc.getElementsByTagName("mutation");
        List<Mutant> result = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element m = (Element) nodes.item(i);
            result.add(new Mutant(m.getAttribute("status"), text(m, "mutatedClass"), text(m, "sourceFile"),
                    Integer.parseInt(text(m, "lineNumber")), text(m, "mutator"), text(m, "description")));
        }
        return result;
    }

    static String text(Element parent, String tag) {
        NodeList list = parent.getElementsByTagName(tag);
        return list.getLength() == 0 ? "" : list.item(0).getTextContent().trim();
    }

    /** The version of a plugin or dependency in the root pom.xml, for the recorded table's header. */
    static String pomVersion(String artifactId) throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document pom = factory.newDocumentBuilder().parse(Path.of("pom.xml").toFile());
        NodeList ids = pom.getElementsByTagName("artifactId");
        for (int i = 0; i < ids.getLength(); i++) {
            if (ids.item(i).getTextContent().trim().equals(artifactId)) {
                String version = text((Element) ids.item(i).getParentNode(), "version");
                if (!version.isEmpty()) {
                    return version;
                }
            }
        }
        return "(version unknown)";
    }

    /**
     * The entries of one mutations-equivalent.yaml: a list of maps with exercise, class, line, mutator
     * and reason, one value a line (the format is described at the top of each file).
     */
    static List<Equivalent> equivalentsIn(Path yaml) throws IOException {
        List<Map<String, String>> entries = new ArrayList<>();
        for (String line : Files.readAllLines(yaml)) {
            if (line.isBlank() || line.trim().startsWith("#")) {
                continue;
            }
            Matcher first = Pattern.compile("^\\s*-\\s+(\\w+):\\s*(.*)$").matcher(line);
            Matcher more = Pattern.compile("^\\s+(\\w+):\\s*(.*)$").matcher(line);
            if (first.matches()) {
                entries.add(new LinkedHashMap<>());
                entries.get(entries.size() - 1).put(first.group(1), unquote(first.group(2)));
            } else if (more.matches() && !entries.isEmpty()) {
                entries.get(entries.size() - 1).put(more.group(1), unquote(more.group(2)));
            }
        }
        List<Equivalent> result = new ArrayList<>();
        for (Map<String, String> e : entries) {
            for (String key : List.of("exercise", "class", "line", "mutator", "reason")) {
                if (e.get(key) == null || e.get(key).isEmpty()) {
                    throw new IllegalArgumentException(yaml + ": an entry has no " + key + ": " + e);
                }
            }
            result.add(new Equivalent(e.get("exercise"), e.get("class"), Integer.parseInt(e.get("line")),
                    e.get("mutator"), e.get("reason")));
        }
        return result;
    }

    static String unquote(String value) {
        String v = value.trim();
        if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
            return v.substring(1, v.length() - 1);
        }
        return v;
    }
}
