package io.rvlab.grader;

import java.nio.file.Path;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The learner's view, one line per exercise, rustlings-style:
 *
 * <pre>
 * rvlab chapter 1: etcd revisions
 *
 *   1.1  Read the four numbers     PASSED       3/3 tests passed
 *   1.2  Watch from a revision     FAILED       1/3 tests passed
 *        x readsModRevision(Client): expected: 5 but was: 6
 *        edit: exercises/ch01/src/main/java/.../Watching.java
 *        hint 1 of 3: the hint hint_for gives the failing test, once ./course hint has shown it
 *        more: ./course hint 1.2 (hint 2 of 3 next)
 *        log:  exercises/ch01/target/grader/1.2.log
 *
 * 1 of 2 exercises pass
 * </pre>
 *
 * Each exercise is printed as soon as it is graded, so a slow etcd start does not look like a hang.
 */
final class Scoreboard {

    private static final String INDENT = "       ";

    private final Manifest manifest;
    private final boolean color;
    private final Path workingDir;
    private final ToIntFunction<String> hintsShown;
    private final int idWidth;
    private final int titleWidth;

    /**
     * @param color      ANSI colours for the status words (only on a terminal)
     * @param workingDir paths under it are printed relative to it, which is shorter and clickable
     * @param hintsShown how many hints {@code ./course hint} has shown of an exercise: the scoreboard
     *                   repeats one of those, never one the learner has not asked for yet
     */
    Scoreboard(Manifest manifest, List<Manifest.Exercise> shown, boolean color, Path workingDir, ToIntFunction<String> hintsShown) {
        this.manifest = manifest;
        this.color = color;
        this.workingDir = workingDir.toAbsolutePath().normalize();
        this.hintsShown = hintsShown;
        this.idWidth = shown.stream().mapToInt(e -> e.id().length()).max().orElse(3);
        this.titleWidth = Math.min(48, shown.stream().mapToInt(e -> e.title().length()).max().orElse(10));
    }

    String header() {
        return "rvlab chapter " + manifest.chapter() + ": " + manifest.title() + "\n";
    }

    /** The exercise's line, and for one that does not pass, what failed and where to look. */
    String exercise(ExerciseResult result) {
        Manifest.Exercise e = result.exercise();
        Status status = result.status();
        RunResult shown = result.shown();
        StringBuilder out = new StringBuilder();
        out.append(String.format("  %-" + idWidth + "s  %-" + titleWidth + "s  %s  %s%n",
                e.id(), fit(e.title()), paint(status), counts(result)));
        if (status == Status.PASSED) {
            return out.toString();
        }
        String reason = shown.reason();
        if (reason != null) {
            int more = shown.failures().size() - 1;
            // Whole, every line under the first where the learner reads on: the most telling failure (RunResult).
            out.append(INDENT).append("x ").append(reason.replace("\n", "\n" + INDENT + "  "))
                    .append(more > 0 ? "  (+" + more + " more)" : "").append('\n');
        }
        if (status == Status.NOT_STARTED) {
            // Not tried yet: no hint unasked. They come one per call, when the learner wants one.
            out.append(INDENT).append("edit: ").append(shorten(result.file())).append('\n');
            if (!e.hints().isEmpty()) {
                out.append(INDENT).append("stuck? ./course hint ").append(e.id()).append(" (one hint at a time)\n");
            }
        } else if (status == Status.FAILED) {
            // A missing or empty test class (NO TESTS RAN) is the course's problem, not the learner's: no hint then.
            out.append(INDENT).append("edit: ").append(shorten(result.file())).append('\n');
            int n = result.hintNumber();
            int seen = Math.min(hintsShown.applyAsInt(e.id()), e.hints().size());
            if (n > 0 && n <= seen) {
                out.append(INDENT).append("hint ").append(n).append(" of ").append(e.hints().size()).append(": ")
                        .append(result.hint().replaceAll("\\s+", " ").strip()).append('\n'); // whole: it is the help
            }
            if (!e.hints().isEmpty()) {
                out.append(INDENT).append("more: ./course hint ").append(e.id())
                        .append(seen < e.hints().size() ? " (hint " + (seen + 1) + " of " + e.hints().size() + " next)" : " --all").append('\n');
            }
        }
        if (status != Status.NOT_STARTED) {
            boolean compiler = result.log().getFileName().toString().equals("compile.log");
            out.append(INDENT).append("log:  ").append(shorten(result.log()))
                    .append(compiler ? " (the compiler's messages)\n" : " (the tests' output)\n");
        }
        return out.toString();
    }

    String footer(List<ExerciseResult> results) {
        long passed = results.stream().filter(r -> r.status() == Status.PASSED).count();
        return "\n" + passed + " of " + results.size() + " exercises pass\n";
    }

    /** "3/3 tests passed", plus skips, plus the pass rate when repeated. */
    private static String counts(ExerciseResult result) {
        RunResult r = result.shown();
        String text = r.run() == 0 ? "0 tests ran" : r.passed() + "/" + r.run() + " tests passed";
        if (r.skipped() > 0) {
            text += ", " + r.skipped() + " skipped";
        }
        int runs = result.runs().size();
        if (runs > 1) {
            text += "; " + result.runsPassed() + "/" + runs + " runs passed" + (result.flaky() ? ": flaky" : "");
        }
        return text;
    }

    private String paint(Status status) {
        String label = String.format("%-12s", status.label());
        if (!color) {
            return label;
        }
        String code = switch (status) {
            case PASSED -> "32";
            case NOT_STARTED -> "33";
            case FAILED, NO_TESTS_RAN -> "31";
        };
        return "\033[" + code + "m" + label + "\033[0m";
    }

    private String fit(String title) {
        return title.length() <= titleWidth ? title : title.substring(0, titleWidth - 3) + "...";
    }

    private String shorten(Path path) {
        Path p = path.toAbsolutePath().normalize();
        return p.startsWith(workingDir) && !p.equals(workingDir) ? workingDir.relativize(p).toString() : p.toString();
    }

    /** Colour only on a terminal, and never when the user asked for none (https://no-color.org). */
    static boolean colorWanted() {
        return System.console() != null && System.getenv("NO_COLOR") == null && !"dumb".equals(System.getenv("TERM"));
    }
}
