package io.rvlab.grader;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

/**
 * {@code ./course hint <id>}: one hint per call, gentlest first, so a learner asks for exactly as
 * much help as they need (rustlings' way). How many hints each exercise has shown is kept in
 * {@code hints.properties} in the state directory ({@code .rvlab/}, git-ignored, one per checkout).
 * {@code --all} prints every hint without counting, for instructors.
 */
final class Hints {

    static final String FILE_NAME = "hints.properties";

    private final Path stateFile;

    Hints(Path stateDir) {
        this.stateFile = stateDir.resolve(FILE_NAME);
    }

    /** Shows the next hint of {@code e} (or the last again, once all are shown) and remembers it. */
    void next(Manifest.Exercise e, Path module, PrintStream out) {
        out.println(e.id() + "  " + e.title());
        out.println("edit: " + e.fileIn(module));
        int total = e.hints().size();
        if (total == 0) {
            out.println("(this exercise has no hints; its test class " + e.tests() + " shows what is expected)");
            return;
        }
        Properties state = load();
        int shown = Math.min(total, parse(state.getProperty(e.id())));
        if (shown >= total) {
            out.println("You have seen all " + total + " hints of " + e.id() + "; the last one again:");
            print(e, total, out);
            out.println("(every hint: ./course hint " + e.id() + " --all)");
            return;
        }
        int next = shown + 1;
        print(e, next, out);
        state.setProperty(e.id(), String.valueOf(next));
        save(state);
        out.println(next < total
                ? "(still stuck? ./course hint " + e.id() + " again shows hint " + (next + 1) + " of " + total + ")"
                : "(that was the last hint)");
    }

    /** Every hint, numbered; counts nothing. */
    static void all(Manifest.Exercise e, Path module, PrintStream out) {
        out.println(e.id() + "  " + e.title());
        out.println("edit: " + e.fileIn(module));
        if (e.hints().isEmpty()) {
            out.println("(this exercise has no hints; its test class " + e.tests() + " shows what is expected)");
        }
        for (int i = 1; i <= e.hints().size(); i++) {
            print(e, i, out);
        }
    }

    /** How many hints of this exercise were shown so far (0 when none). */
    int shown(String id) {
        return parse(load().getProperty(id));
    }

    private static void print(Manifest.Exercise e, int n, PrintStream out) {
        String text = e.hints().get(n - 1).strip().replace("\n", "\n              ");
        out.printf("hint %d of %d: %s%n", n, e.hints().size(), text);
    }

    private Properties load() {
        Properties p = new Properties();
        if (Files.isRegularFile(stateFile)) {
            try (Reader r = Files.newBufferedReader(stateFile, StandardCharsets.UTF_8)) {
                p.load(r);
            } catch (IOException | IllegalArgumentException e) {
                // An unreadable count only means starting the hints over: not worth stopping the learner.
            }
        }
        return p;
    }

    private void save(Properties state) {
        try {
            Files.createDirectories(stateFile.getParent());
            Path tmp = stateFile.resolveSibling(FILE_NAME + ".tmp");
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                state.store(w, "hints shown per exercise, by ./course hint (delete to start over)");
            }
            Files.move(tmp, stateFile, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new GraderException("cannot record the hint in " + stateFile + ": " + e.getMessage(), e);
        }
    }

    private static int parse(String value) {
        try {
            return value == null ? 0 : Math.max(0, Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
