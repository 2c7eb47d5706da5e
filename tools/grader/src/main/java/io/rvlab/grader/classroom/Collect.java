package io.rvlab.grader.classroom;

import io.rvlab.grader.Git;
import io.rvlab.grader.GraderException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code ./course class collect}: the students' work, from where classrooms keep it, laid out as
 * one git copy per student for {@code ./course class grade}. The sources are git bundles (a folder
 * of {@code <student>.bundle} files: {@code git bundle create <student>.bundle --all} works offline,
 * on a shared drive or a USB stick) or a roster whose second column is anything {@code git clone}
 * takes (a URL, a bundle, a folder).
 *
 * <p>Collecting again brings each copy to its student's newest HEAD (what they pushed or bundled
 * last), so the moment of collection is the deadline no clock in a student's copy can move.
 * Nothing of a student's repository runs here: a clone brings no hooks and no configuration.
 *
 * <pre>
 * Collect --out DIR (--bundles FOLDER | --roster FILE)
 * </pre>
 */
public final class Collect {

    private static final Duration LIMIT = Duration.ofMinutes(5);

    private Collect() {
    }

    public static void main(String[] args) {
        try {
            System.exit(run(args, System.out));
        } catch (GraderException | UncheckedIOException e) {
            System.err.println("class collect: " + e.getMessage());
            System.exit(2);
        }
    }

    static int run(String[] args, PrintStream out) {
        Path dest = null;
        Roster roster = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> dest = Path.of(args[++i]).toAbsolutePath().normalize();
                case "--bundles" -> roster = bundles(Path.of(args[++i]));
                case "--roster" -> roster = Roster.read(Path.of(args[++i]));
                default -> throw new GraderException("unknown argument " + args[i] + " (usage: --out DIR (--bundles FOLDER | --roster FILE))");
            }
        }
        if (dest == null || roster == null) {
            throw new GraderException("usage: --out DIR (--bundles FOLDER | --roster FILE)");
        }
        int failed = 0;
        for (Roster.Entry entry : roster.entries()) {
            String said = collect(entry, dest.resolve(entry.student()));
            failed += said.startsWith("FAILED") ? 1 : 0;
            out.println("  " + entry.student() + ": " + said);
        }
        out.printf("Collected %d of %d into %s; grade them with ./course class grade %s/*%n",
                roster.entries().size() - failed, roster.entries().size(), dest, dest);
        return failed == 0 ? 0 : 1;
    }

    /** A roster made of a folder of bundles: {@code ada.bundle} is ada's. */
    static Roster bundles(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            List<Roster.Entry> entries = new ArrayList<>();
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".bundle")).sorted().toList()) {
                String name = f.getFileName().toString();
                entries.add(new Roster.Entry(name.substring(0, name.length() - ".bundle".length()), f.toAbsolutePath().toString()));
            }
            if (entries.isEmpty()) {
                throw new GraderException("no <student>.bundle file in " + folder
                        + " (each student makes one in their copy: git bundle create <name>.bundle --all)");
            }
            return new Roster(entries);
        } catch (IOException e) {
            throw new GraderException("cannot read " + folder + ": " + e.getMessage(), e);
        }
    }

    /** Clones the student's work into {@code copy}, or brings an earlier collection to their newest HEAD. */
    static String collect(Roster.Entry entry, Path copy) {
        if (!Files.exists(copy)) {
            try {
                Files.createDirectories(copy.getParent());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Git.Result clone = Git.run(copy.getParent(), LIMIT, "clone", "--quiet", "--no-hardlinks", entry.source(), copy.toString());
            if (!clone.ok()) {
                return "FAILED: git clone " + entry.source() + ": " + firstLine(clone.err());
            }
        } else {
            Git.Result fetch = Git.run(copy, LIMIT, "fetch", "--quiet", "--force", "--tags", entry.source(), "HEAD");
            if (!fetch.ok()) {
                return "FAILED: git fetch " + entry.source() + ": " + firstLine(fetch.err());
            }
            Git.Result reset = Git.run(copy, LIMIT, "reset", "--quiet", "--hard", "FETCH_HEAD");
            if (!reset.ok()) {
                return "FAILED: git reset in " + copy + ": " + firstLine(reset.err());
            }
        }
        String head = Git.line(copy, "log", "-1", "--format=%h, committed %cI");
        return head == null ? "FAILED: " + copy + " has no commit" : head;
    }

    private static String firstLine(String text) {
        return text == null || text.isBlank() ? "(no message)" : text.lines().findFirst().orElse("").strip();
    }
}
