package io.rvlab.grader.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One entry of an exercise's catalogue of wrong answers: a classic mistake, kept as a unified diff
 * against the reference solution ({@code solutions/chNN/wrong/<id>/<name>.diff}), with the grading
 * test methods that must catch it. A diff rather than a copy, so the reader sees the mistake alone
 * and a change to the solution that moves the mistake's lines is noticed (the hunk no longer
 * applies) instead of silently proving an old version.
 *
 * <pre>
 * # mistake: retries a 403 Forbidden as if it were a conflict
 * # caught-by: givesUpOnOtherClientErrors
 * --- a/src/main/java/io/rvlab/exercises/ch07/SafeCreate.java
 * +++ b/src/main/java/io/rvlab/exercises/ch07/SafeCreate.java
 * &#64;&#64; -40,7 +40,7 &#64;&#64;
 * </pre>
 *
 * @param exercise the exercise id, from the folder name
 * @param name     the file name without {@code .diff}
 * @param mistake  the mistake, in the learner's terms
 * @param caughtBy the grading test methods that must fail on it
 * @param patches  the changed files, relative to the solution module
 */
public record WrongAnswer(String exercise, String name, String mistake, List<String> caughtBy, List<FilePatch> patches) {

    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@.*");

    /** The catalogue of one solution module: every {@code wrong/<id>/*.diff}, sorted by exercise and name. */
    public static List<WrongAnswer> catalogue(Path solutionModule) {
        Path root = solutionModule.resolve("wrong");
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root, 2)) {
            return walk.filter(p -> p.toString().endsWith(".diff")).sorted().map(WrongAnswer::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static WrongAnswer read(Path file) {
        String exercise = file.getParent().getFileName().toString();
        String name = file.getFileName().toString().replaceFirst("\\.diff$", "");
        try {
            return parse(exercise, name, Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    static WrongAnswer parse(String exercise, String name, List<String> lines) {
        String mistake = null;
        List<String> caughtBy = List.of();
        List<FilePatch> patches = new ArrayList<>();
        FilePatch current = null;
        Hunk hunk = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (current == null && line.startsWith("# mistake:")) {
                mistake = line.substring("# mistake:".length()).trim();
            } else if (current == null && line.startsWith("# caught-by:")) {
                caughtBy = Arrays.stream(line.substring("# caught-by:".length()).split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
            } else if (line.startsWith("--- ") && i + 1 < lines.size() && lines.get(i + 1).startsWith("+++ ")) {
                current = new FilePatch(stripPrefix(lines.get(i + 1).substring(4)), new ArrayList<>());
                patches.add(current);
                hunk = null;
                i++;
            } else if (current != null && line.startsWith("@@")) {
                Matcher m = HUNK.matcher(line);
                if (!m.matches()) {
                    throw new IllegalArgumentException("not a hunk header: " + line);
                }
                hunk = new Hunk(Integer.parseInt(m.group(1)), new ArrayList<>(), new ArrayList<>());
                current.hunks().add(hunk);
            } else if (hunk != null && !line.startsWith("\\")) {
                // " " context, "-" removed, "+" added; an empty line is an empty context line
                char kind = line.isEmpty() ? ' ' : line.charAt(0);
                String text = line.isEmpty() ? "" : line.substring(1);
                switch (kind) {
                    case ' ' -> { hunk.before().add(text); hunk.after().add(text); }
                    case '-' -> hunk.before().add(text);
                    case '+' -> hunk.after().add(text);
                    default -> throw new IllegalArgumentException("unexpected line in a hunk: " + line);
                }
            }
        }
        if (mistake == null || mistake.isEmpty()) {
            throw new IllegalArgumentException("no '# mistake:' line");
        }
        if (caughtBy.isEmpty()) {
            throw new IllegalArgumentException("no '# caught-by:' line naming the test methods that must catch it");
        }
        if (patches.isEmpty() || patches.stream().anyMatch(p -> p.hunks().isEmpty())) {
            throw new IllegalArgumentException("no hunk to apply");
        }
        return new WrongAnswer(exercise, name, mistake, List.copyOf(caughtBy), List.copyOf(patches));
    }

    private static String stripPrefix(String path) {
        String p = path.split("\t")[0].trim();
        return p.startsWith("b/") ? p.substring(2) : p;
    }

    /**
     * The patched files' texts, keyed by their absolute path in {@code module}.
     *
     * @throws IllegalArgumentException when a hunk's lines are not where the diff says, nor nearby
     */
    public Map<Path, String> apply(Path module) {
        Map<Path, String> result = new LinkedHashMap<>();
        for (FilePatch patch : patches) {
            Path file = module.resolve(patch.path()).toAbsolutePath().normalize();
            List<String> lines;
            try {
                lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new IllegalArgumentException(name + ": cannot read " + file + ": " + e.getMessage(), e);
            }
            int shift = 0;
            for (Hunk h : patch.hunks()) {
                int at = find(lines, h.before(), h.start() - 1 + shift);
                if (at < 0) {
                    throw new IllegalArgumentException(exercise + "/" + name + ".diff no longer applies to " + patch.path()
                            + " near line " + h.start() + ": the solution changed; make the diff again");
                }
                for (int k = 0; k < h.before().size(); k++) {
                    lines.remove(at);
                }
                lines.addAll(at, h.after());
                shift = at - (h.start() - 1) + h.after().size() - h.before().size();
            }
            result.put(file, String.join("\n", lines) + "\n");
        }
        return result;
    }

    /** Where {@code block} stands, looking first at {@code expected}, then ever further around it. */
    private static int find(List<String> lines, List<String> block, int expected) {
        for (int d = 0; d <= lines.size(); d++) {
            for (int at : new int[] {expected - d, expected + d}) {
                if (at >= 0 && at + block.size() <= lines.size() && lines.subList(at, at + block.size()).equals(block)) {
                    return at;
                }
            }
        }
        return -1;
    }

    /** The hunks of one file. */
    public record FilePatch(String path, List<Hunk> hunks) {
    }

    /** One hunk: the lines it expects at {@code start} (1-based) and what replaces them. */
    public record Hunk(int start, List<String> before, List<String> after) {
    }
}
