package io.rvlab.grader;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A chapter's {@code exercises.yaml}: which file the learner edits for each exercise, which JUnit 5
 * class grades it, and the hints, from gentle to specific.
 *
 * <pre>
 * chapter: 1
 * title: "etcd revisions"
 * exercises:
 *   - id: "1.1"
 *     title: "Read the four numbers"
 *     file: src/main/java/io/rvlab/exercises/ch01/FourNumbers.java
 *     tests: io.rvlab.exercises.ch01.FourNumbersTest
 *     hints: ["first hint", "second, more specific hint"]
 * </pre>
 *
 * Unknown fields are errors, not silently ignored: a manifest that says {@code hint:} instead of
 * {@code hints:} would otherwise lose its hints without anyone noticing.
 */
record Manifest(int chapter, String title, List<Exercise> exercises) {

    static final String FILE_NAME = "exercises.yaml";

    private static final Pattern CLASS_NAME = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*");

    Manifest {
        exercises = exercises == null ? List.of() : List.copyOf(exercises);
    }

    /**
     * One graded exercise. {@code file} is relative to the exercise module.
     *
     * <p>{@code difficulty} is 1 (warm-up), 2 (core) or 3 (challenge); {@code minutes} the expected time for a
     * learner who has read the chapter. A {@code capstone} runs inside the chapter's API server and is judged by
     * real clients; {@code serve} names the main class that {@code ./course serve --exercise <id>} runs with the
     * learner's component in it. {@code hint_for} maps a grading test's method name to the hint (1-based) that
     * belongs to its failure; a failure of any other test shows hint 1.
     */
    record Exercise(String id, String title, String file, String tests, Integer difficulty, Integer minutes,
                    Boolean capstone, String serve, List<String> hints,
                    @JsonProperty("hint_for") Map<String, Integer> hintFor) {

        Exercise {
            hints = hints == null ? List.of() : List.copyOf(hints);
            hintFor = hintFor == null ? Map.of() : Map.copyOf(hintFor);
        }

        Exercise(String id, String title, String file, String tests, List<String> hints) {
            this(id, title, file, tests, null, null, null, null, hints, null);
        }

        boolean isCapstone() {
            return Boolean.TRUE.equals(capstone);
        }

        /** The absolute path of the file the learner edits. */
        Path fileIn(Path module) {
            return module.resolve(file).toAbsolutePath().normalize();
        }

        String firstHint() {
            return hints.isEmpty() ? null : hints.get(0);
        }

        /**
         * The hint (1-based) that belongs to a failure of this test method: hint_for's, else 1;
         * 0 when the exercise has no hints.
         */
        int hintNumberFor(String method) {
            if (hints.isEmpty()) {
                return 0;
            }
            Integer mapped = method == null ? null : hintFor.get(method);
            return mapped != null ? mapped : 1;
        }
    }

    /** Reads and checks {@code <module>/exercises.yaml}. */
    static Manifest load(Path module) {
        Path yaml = module.resolve(FILE_NAME);
        if (!Files.isDirectory(module)) {
            throw new GraderException("no such exercise module: " + module);
        }
        if (!Files.isRegularFile(yaml)) {
            throw new GraderException("no " + FILE_NAME + " in " + module
                    + ": --module must be an exercise module such as exercises/ch01");
        }
        Manifest manifest;
        try {
            if (Files.readString(yaml).isBlank()) {
                throw new GraderException(yaml + " is empty");
            }
            manifest = new ObjectMapper(new YAMLFactory()).readValue(yaml.toFile(), Manifest.class);
        } catch (UnrecognizedPropertyException e) {
            // Not the line: Jackson buffers a record's fields, so its location is past the culprit.
            throw new GraderException(yaml + ": unknown field '" + e.getPropertyName() + "'" + exerciseOf(e)
                    + " (known: " + e.getKnownPropertyIds().stream().map(String::valueOf).sorted()
                            .collect(Collectors.joining(", ")) + ")");
        } catch (JsonProcessingException e) {
            throw new GraderException(yaml + ": " + oneLine(e.getOriginalMessage()) + lineOf(e));
        } catch (IOException e) {
            throw new GraderException("cannot read " + yaml + ": " + e.getMessage(), e);
        }
        if (manifest == null) {
            throw new GraderException(yaml + " is empty");
        }
        manifest.check(yaml);
        return manifest;
    }

    /** The exercise with this id, or a one-line error that lists the ids there are. */
    Exercise find(String id) {
        return exercises.stream().filter(e -> e.id().equals(id)).findFirst()
                .orElseThrow(() -> new GraderException("chapter " + chapter + " has no exercise " + id
                        + " (it has " + exercises.stream().map(Exercise::id).collect(Collectors.joining(", ")) + ")"));
    }

    /** All exercises, or just the one asked for. */
    List<Exercise> select(String idOrNull) {
        return idOrNull == null ? exercises : List.of(find(idOrNull));
    }

    private void check(Path yaml) {
        if (chapter < 1) {
            throw new GraderException(yaml + ": 'chapter' must be a positive number");
        }
        if (blank(title)) {
            throw new GraderException(yaml + ": 'title' is missing");
        }
        if (exercises.isEmpty()) {
            throw new GraderException(yaml + ": 'exercises' is empty; a chapter without exercises has nothing to grade");
        }
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < exercises.size(); i++) {
            Exercise e = exercises.get(i);
            String where = yaml + ": exercise #" + (i + 1) + (blank(e.id()) ? "" : " (" + e.id() + ")");
            for (String[] field : new String[][] {{"id", e.id()}, {"title", e.title()}, {"file", e.file()}, {"tests", e.tests()}}) {
                if (blank(field[1])) {
                    throw new GraderException(where + ": '" + field[0] + "' is missing");
                }
            }
            // ./course hint 1.2 finds the chapter from the id's first number, so ids must start with it.
            if (!e.id().startsWith(chapter + ".")) {
                throw new GraderException(where + ": id must start with the chapter number, as in " + chapter + ".1");
            }
            if (!ids.add(e.id())) {
                throw new GraderException(where + ": id " + e.id() + " appears twice");
            }
            if (Path.of(e.file()).isAbsolute() || Path.of(e.file()).normalize().startsWith("..")) {
                throw new GraderException(where + ": 'file' must be relative to the module, as in src/main/java/...");
            }
            if (!CLASS_NAME.matcher(e.tests()).matches()) {
                throw new GraderException(where + ": 'tests' must be a fully qualified class name, not '" + e.tests() + "'");
            }
            if (e.hints().stream().anyMatch(Manifest::blank)) {
                throw new GraderException(where + ": a hint is empty");
            }
            if (e.difficulty() != null && (e.difficulty() < 1 || e.difficulty() > 3)) {
                throw new GraderException(where + ": 'difficulty' is 1 (warm-up), 2 (core) or 3 (challenge), not " + e.difficulty());
            }
            if (e.minutes() != null && e.minutes() < 1) {
                throw new GraderException(where + ": 'minutes' must be a positive number");
            }
            e.hintFor().forEach((test, hint) -> {
                if (hint == null || hint < 1 || hint > e.hints().size()) {
                    throw new GraderException(where + ": hint_for." + test + " names hint " + hint
                            + ", but the exercise has " + e.hints().size() + " hints");
                }
            });
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** " in exercise #2" when the problem is inside the list of exercises. */
    private static String exerciseOf(UnrecognizedPropertyException e) {
        return e.getPath().stream().filter(r -> r.getIndex() >= 0).findFirst()
                .map(r -> " in exercise #" + (r.getIndex() + 1)).orElse("");
    }

    private static String lineOf(JsonProcessingException e) {
        return e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr();
    }

    private static String oneLine(String s) {
        return s == null ? "unreadable" : s.replaceAll("\\s+", " ").trim();
    }
}
