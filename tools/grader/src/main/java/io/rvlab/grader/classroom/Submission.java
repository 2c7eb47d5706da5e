package io.rvlab.grader.classroom;

import io.rvlab.grader.Git;
import io.rvlab.grader.GraderException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Exactly one thing graded per student, and named: a commit of their copy. Either HEAD, or, with a
 * deadline, the last commit made before it. What the working tree holds beyond that commit is not
 * graded; the report says that it was there ({@code uncommitted}), so "I had it done" can be
 * checked against what was committed.
 *
 * <p>A commit's date is written by the student's own git, so a deadline read from it is only as
 * honest as their clock: the deadline that cannot be argued with is the moment the instructor
 * collects the work ({@code ./course class collect}).
 *
 * @param student      the name from the roster (or the copy's folder)
 * @param copy         the student's copy
 * @param commit       the commit graded, in full
 * @param committed    its committer date
 * @param basis        "HEAD" or "the last commit before &lt;deadline&gt;"
 * @param uncommitted  the working tree of {@code exercises/} differs from HEAD
 * @param testsChanged grading files (a chapter's {@code src/test} or {@code exercises.yaml}) that differ in
 *                     the commit graded from the course's: the student's tests are never run, but a
 *                     change is shown
 */
public record Submission(String student, String copy, String commit, String committed, String basis, boolean uncommitted,
                         List<String> testsChanged) {

    private static final Duration LIMIT = Duration.ofSeconds(60);

    /** What {@code entry}'s copy (a folder with a git repository) gives to grade, before {@code deadline} (or null: HEAD). */
    public static Submission of(Roster.Entry entry, Instant deadline) {
        Path copy = Path.of(entry.source());
        if (!Files.isDirectory(copy.resolve("exercises"))) {
            throw new GraderException(copy + " is not a student copy (no exercises/)");
        }
        if (Git.line(copy, "rev-parse", "--is-inside-work-tree") == null) {
            throw new GraderException(copy + " has no git repository: a class grade grades a commit (./course class copy makes the"
                    + " repository; ./course class collect brings the students' commits)");
        }
        String commit;
        String basis;
        if (deadline == null) {
            commit = Git.line(copy, "rev-parse", "--verify", "HEAD^{commit}");
            basis = "HEAD";
        } else {
            commit = Git.line(copy, "rev-list", "-1", "--before=" + deadline.getEpochSecond(), "HEAD");
            basis = "the last commit before " + deadline;
        }
        if (commit == null) {
            throw new GraderException(copy + " has no commit to grade" + (deadline == null ? "" : " before " + deadline));
        }
        String committed = Git.line(copy, "show", "-s", "--format=%cI", commit);
        Git.Result status = Git.run(copy, LIMIT, "status", "--porcelain", "--untracked-files=normal", "--", "exercises");
        return new Submission(entry.student(), copy.toString(), commit, committed, basis, status.ok() && !status.text().isEmpty(), List.of());
    }

    /**
     * Writes the graded commit's {@code exercises/} into {@code dest} (emptied first). Only regular
     * files come out: a symbolic link in a student's tree could point anywhere on the grading
     * machine, so it is removed and never followed.
     */
    public void export(Path dest) {
        try {
            io.rvlab.grader.session.ModuleCompiler.deleteTree(dest);
            Files.createDirectories(dest);
            Path tar = dest.resolveSibling(dest.getFileName() + ".tar");
            Git.Result archive = Git.run(Path.of(copy), LIMIT, "archive", "--format=tar", "-o", tar.toString(), commit, "--", "exercises");
            if (!archive.ok()) {
                throw new GraderException("cannot export " + commit + " of " + copy + ": " + archive.err());
            }
            Process untar = new ProcessBuilder("tar", "-xf", tar.toString(), "-C", dest.toString(), "--no-same-owner", "--no-same-permissions")
                    .redirectErrorStream(true).start();
            String said = new String(untar.getInputStream().readAllBytes());
            if (untar.waitFor() != 0) {
                throw new GraderException("cannot unpack " + commit + " of " + copy + ": " + said.strip());
            }
            Files.delete(tar);
            try (Stream<Path> all = Files.walk(dest)) {
                for (Path p : all.filter(Files::isSymbolicLink).toList()) {
                    Files.delete(p);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GraderException("interrupted while exporting " + copy, e);
        }
    }

    /**
     * This submission, with the grading files of {@code exported} (an {@link #export}) that differ from
     * the course's ({@code course}: the instructor's checkout) listed in {@code testsChanged}.
     */
    public Submission withTestsComparedTo(Path course, Path exported) {
        TreeSet<String> paths = new TreeSet<>();
        paths.addAll(gradingFiles(course));
        paths.addAll(gradingFiles(exported));
        List<String> changed = new ArrayList<>();
        for (String p : paths) {
            if (!sameFile(course.resolve(p), exported.resolve(p))) {
                changed.add(p);
            }
        }
        return new Submission(student, copy, commit, committed, basis, uncommitted, List.copyOf(changed));
    }

    private static List<String> gradingFiles(Path root) {
        Path exercises = root.resolve("exercises");
        if (!Files.isDirectory(exercises)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(exercises)) {
            return all.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> p.matches("exercises/ch\\d+/(exercises\\.yaml|src/test/.*)"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isRegularFile(a, LinkOption.NOFOLLOW_LINKS) && Files.isRegularFile(b, LinkOption.NOFOLLOW_LINKS)
                    && Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(b));
        } catch (IOException e) {
            return false;
        }
    }
}
