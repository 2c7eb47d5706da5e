package io.rvlab.grader.classroom;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.grader.Git;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The students' work, from bundles on a shared drive, as one git copy each. */
class CollectTest {

    @TempDir
    Path dir;

    private Path student(String name, String work) throws Exception {
        Path copy = dir.resolve("students").resolve(name);
        Files.createDirectories(copy.resolve("exercises"));
        Files.writeString(copy.resolve("exercises/answer.txt"), work);
        git(copy, "init", "-q");
        commit(copy, "work");
        return copy;
    }

    private static void git(Path dir, String... args) {
        Git.Result r = Git.run(dir, Duration.ofSeconds(30), args);
        assertThat(r.ok()).as("git %s: %s", String.join(" ", args), r.err()).isTrue();
    }

    private static void commit(Path copy, String message) {
        git(copy, "add", "-A");
        git(copy, "-c", "user.name=s", "-c", "user.email=s@example.edu", "-c", "commit.gpgsign=false", "commit", "-q", "-m", message);
    }

    private static void bundle(Path copy, Path file) throws Exception {
        Files.createDirectories(file.getParent());
        git(copy, "bundle", "create", "-q", file.toString(), "--all");
    }

    @Test
    void bundlesBecomeCopiesAndASecondCollectionBringsTheNewestWork() throws Exception {
        Path ada = student("ada", "first");
        Path drive = dir.resolve("drive");
        bundle(ada, drive.resolve("ada.bundle"));
        bundle(student("alan", "alan's"), drive.resolve("alan.bundle"));
        Path copies = dir.resolve("copies");
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int exit = Collect.run(new String[] {"--out", copies.toString(), "--bundles", drive.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8));

        assertThat(exit).as(out.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(Files.readString(copies.resolve("ada/exercises/answer.txt"))).isEqualTo("first");
        assertThat(Files.readString(copies.resolve("alan/exercises/answer.txt"))).isEqualTo("alan's");

        Files.writeString(ada.resolve("exercises/answer.txt"), "second");
        commit(ada, "more work");
        bundle(ada, drive.resolve("ada.bundle"));
        Collect.run(new String[] {"--out", copies.toString(), "--bundles", drive.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8));

        assertThat(Files.readString(copies.resolve("ada/exercises/answer.txt"))).as("collected again: the newest commit").isEqualTo("second");
    }

    @Test
    void aBrokenBundleFailsOnlyItsStudent() throws Exception {
        Path drive = dir.resolve("drive");
        bundle(student("ada", "work"), drive.resolve("ada.bundle"));
        Files.writeString(drive.resolve("bob.bundle"), "not a bundle");
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int exit = Collect.run(new String[] {"--out", dir.resolve("copies").toString(), "--bundles", drive.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8));

        assertThat(exit).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("bob: FAILED: git clone", "Collected 1 of 2");
        assertThat(dir.resolve("copies/ada/exercises/answer.txt")).exists();
    }
}
