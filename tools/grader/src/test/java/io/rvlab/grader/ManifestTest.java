package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** exercises.yaml is read as the other engineers write it, and authoring mistakes read as one line. */
class ManifestTest {

    @TempDir
    Path module;

    private static final String GOOD = """
            chapter: 1
            title: "etcd revisions"
            exercises:
              - id: "1.1"
                title: "Read the four numbers"
                file: src/main/java/io/rvlab/exercises/ch01/FourNumbers.java   # the file the learner edits
                tests: io.rvlab.exercises.ch01.FourNumbersTest
                hints:
                  - "first hint"
                  - "second, more specific hint"
              - id: "1.2"
                title: "No hints here"
                file: src/main/java/io/rvlab/exercises/ch01/Second.java
                tests: io.rvlab.exercises.ch01.SecondTest
            """;

    @Test
    void readsTheManifestShape() throws IOException {
        write(GOOD);

        Manifest m = Manifest.load(module);

        assertThat(m.chapter()).isEqualTo(1);
        assertThat(m.title()).isEqualTo("etcd revisions");
        assertThat(m.exercises()).extracting(Manifest.Exercise::id).containsExactly("1.1", "1.2");
        Manifest.Exercise first = m.find("1.1");
        assertThat(first.tests()).isEqualTo("io.rvlab.exercises.ch01.FourNumbersTest");
        assertThat(first.hints()).containsExactly("first hint", "second, more specific hint");
        assertThat(first.firstHint()).isEqualTo("first hint");
        assertThat(first.fileIn(module)).isAbsolute()
                .isEqualTo(module.toAbsolutePath().resolve("src/main/java/io/rvlab/exercises/ch01/FourNumbers.java").normalize());
        assertThat(m.find("1.2").hints()).isEmpty();
        assertThat(m.find("1.2").firstHint()).isNull();
    }

    @Test
    void selectsOneOrAll() throws IOException {
        write(GOOD);
        Manifest m = Manifest.load(module);

        assertThat(m.select(null)).hasSize(2);
        assertThat(m.select("1.2")).extracting(Manifest.Exercise::id).containsExactly("1.2");
        assertThatThrownBy(() -> m.select("1.9")).isInstanceOf(GraderException.class)
                .hasMessage("chapter 1 has no exercise 1.9 (it has 1.1, 1.2)");
    }

    @Test
    void aMissingManifestIsOneClearLine() {
        assertThatThrownBy(() -> Manifest.load(module)).isInstanceOf(GraderException.class)
                .hasMessageContaining("no exercises.yaml in " + module)
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> Manifest.load(module.resolve("nope"))).hasMessageStartingWith("no such exercise module");
    }

    @Test
    void aMisspelledFieldIsAnErrorNotSilence() throws IOException {
        write(GOOD.replace("hints:", "hint:"));

        assertThatThrownBy(() -> Manifest.load(module)).isInstanceOf(GraderException.class)
                .hasMessageContaining("unknown field 'hint' in exercise #1")
                .hasMessageContaining("known: capstone, difficulty, file, hint_for, hints, id, minutes, serve, tests, title")
                .hasMessageNotContaining("\n");
    }

    @Test
    void brokenYamlIsOneLineWithItsLine() throws IOException {
        write("chapter: 1\ntitle: [unclosed\n");

        assertThatThrownBy(() -> Manifest.load(module)).isInstanceOf(GraderException.class)
                .hasMessageContaining("exercises.yaml").hasMessageNotContaining("\n");
    }

    @Test
    void authoringMistakesAreNamed() throws IOException {
        assertProblem(GOOD.replace("    tests: io.rvlab.exercises.ch01.SecondTest\n", ""), "exercise #2 (1.2): 'tests' is missing");
        assertProblem(GOOD.replace("\"1.2\"", "\"1.1\""), "id 1.1 appears twice");
        assertProblem(GOOD.replace("\"1.2\"", "\"2.1\""), "id must start with the chapter number");
        assertProblem(GOOD.replace("file: src/main/java/io/rvlab/exercises/ch01/Second.java", "file: ../../x.java"), "must be relative");
        assertProblem(GOOD.replace("io.rvlab.exercises.ch01.SecondTest", "SecondTest.java!"), "fully qualified class name");
        assertProblem(GOOD.replace("chapter: 1", "chapter: 0"), "'chapter' must be a positive number");
        assertProblem("chapter: 1\ntitle: x\nexercises: []\n", "'exercises' is empty");
        assertProblem("", "is empty");
    }

    private void assertProblem(String yaml, String expected) throws IOException {
        write(yaml);
        assertThatThrownBy(() -> Manifest.load(module)).isInstanceOf(GraderException.class).hasMessageContaining(expected);
    }

    private void write(String yaml) throws IOException {
        Files.writeString(module.resolve(Manifest.FILE_NAME), yaml);
    }
}
