package io.rvlab.grader.classroom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rvlab.grader.GraderException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Who is graded is said by the instructor, once per student. */
class RosterTest {

    @TempDir
    Path dir;

    @Test
    void aCopyIsNamedByItsFolder() {
        Roster roster = Roster.ofCopies(List.of(Path.of("/srv/class/ada"), Path.of("/srv/class/alan/")));

        assertThat(roster.entries()).extracting(Roster.Entry::student).containsExactly("ada", "alan");
    }

    @Test
    void twoCopiesWithOneNameAreRefused() {
        assertThatThrownBy(() -> Roster.ofCopies(List.of(Path.of("/srv/a/ada"), Path.of("/srv/b/Ada"))))
                .as("'ada' and 'Ada' would share one results folder on some file systems")
                .isInstanceOf(GraderException.class).hasMessageContaining("two copies would be graded as 'Ada'")
                .hasMessageContaining("/srv/a/ada").hasMessageContaining("/srv/b/Ada");
    }

    @Test
    void aNameThatCannotNameAFolderIsRefused() {
        assertThatThrownBy(() -> new Roster(List.of(new Roster.Entry("../ada", "/srv/x"))))
                .as("a name that would leave the results folder").isInstanceOf(GraderException.class)
                .hasMessageContaining("'../ada' (/srv/x) cannot name a student's results");
        assertThatThrownBy(() -> new Roster(List.of(new Roster.Entry("Ada Lovelace", "/srv/x")))).isInstanceOf(GraderException.class);
    }

    @Test
    void aRosterFile() throws Exception {
        Path file = dir.resolve("roster.txt");
        Files.writeString(file, """
                # name, where the work is
                ada   https://git.example.edu/ada/rvlab.git
                alan,copies/alan

                grace\tgit@example.edu:grace/rvlab.git
                """);

        Roster roster = Roster.read(file);

        assertThat(roster.entries()).containsExactly(new Roster.Entry("ada", "https://git.example.edu/ada/rvlab.git"),
                new Roster.Entry("alan", dir.resolve("copies/alan").toString()),
                new Roster.Entry("grace", "git@example.edu:grace/rvlab.git"));
    }

    @Test
    void aRosterLineWithoutASourceIsRefused() throws Exception {
        Path file = dir.resolve("roster.txt");
        Files.writeString(file, "ada /srv/ada\nalan\n");

        assertThatThrownBy(() -> Roster.read(file)).isInstanceOf(GraderException.class)
                .hasMessageContaining("line 2: 'alan' needs a name and where the work is");
    }
}
