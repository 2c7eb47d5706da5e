package io.rvlab.grader.classroom;

import io.rvlab.grader.GraderException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Who is in the class, as the instructor says it: each student's name and where their work is (a
 * copy's folder, a git bundle, or a git URL). A name comes from what the instructor controls, the
 * roster file or the copy's folder name, never from a file inside the student's copy, which the
 * student can edit. It names the student's results folder, so two students can never share one:
 * a name used twice (in any case: "Ada" and "ada" are one folder on some file systems) is refused.
 */
public record Roster(List<Entry> entries) {

    /** One student: their name, and where their work is. */
    public record Entry(String student, String source) {
    }

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    public Roster {
        entries = List.copyOf(entries);
        Map<String, Entry> seen = new HashMap<>();
        for (Entry e : entries) {
            requireName(e.student(), e.source());
            Entry before = seen.putIfAbsent(e.student().toLowerCase(Locale.ROOT), e);
            if (before != null) {
                throw new GraderException("two copies would be graded as '" + e.student() + "': " + before.source() + " and " + e.source()
                        + "; each student's results need a name of their own (name them in a roster: --roster FILE)");
            }
        }
    }

    /**
     * A roster file: one student a line, their name then where their work is, separated by spaces,
     * a tab or a comma; blank lines and lines starting with {@code #} are skipped.
     */
    public static Roster read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GraderException("cannot read the roster " + file + ": " + e.getMessage(), e);
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("[\\s,]+", 2);
            if (fields.length < 2 || fields[1].isBlank()) {
                throw new GraderException(file + " line " + (i + 1) + ": '" + line + "' needs a name and where the work is"
                        + " (for example: ada /srv/class/ada, or ada https://git.example.edu/ada/rvlab.git)");
            }
            String source = fields[1].strip();
            // A relative folder or bundle is relative to the roster, wherever the command runs.
            if (!source.contains("://") && !source.contains("@") && !Path.of(source).isAbsolute()) {
                source = file.toAbsolutePath().getParent().resolve(source).normalize().toString();
            }
            entries.add(new Entry(fields[0], source));
        }
        if (entries.isEmpty()) {
            throw new GraderException("the roster " + file + " names no student");
        }
        return new Roster(entries);
    }

    /** Each copy named by its folder: {@code /srv/class/ada} is ada. */
    public static Roster ofCopies(List<Path> copies) {
        return new Roster(copies.stream().map(Path::toAbsolutePath).map(Path::normalize)
                .map(c -> new Entry(String.valueOf(c.getFileName()), c.toString())).toList());
    }

    private static void requireName(String name, String source) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new GraderException("'" + name + "' (" + source + ") cannot name a student's results: use letters, digits, '.', '_'"
                    + " and '-', starting with a letter or digit, at most 64 (rename the folder, or name it in a roster: --roster FILE)");
        }
    }
}
