package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** README.adoc's time per chapter is the one the instructor page generates: it never drifts. */
class ReadmeTimeTableTest {

    private final Path root = Path.of(System.getProperty("rvlab.root", "../..")).toAbsolutePath().normalize();

    @Test
    void theReadmeShowsTheGeneratedTimePerChapter() throws IOException {
        Path exercises = root.resolve("exercises");
        String readme = Files.readString(root.resolve("README.adoc"));

        assertThat(readme)
                .as("README.adoc's time per chapter is stale: rewrite it with java -cp tools/grader/target/classes:$(cat tools/grader/target/classpath.txt)"
                        + " io.rvlab.grader.ExercisePlan exercises --readme README.adoc")
                .isEqualTo(ExercisePlan.withTimeTable(readme, ExercisePlan.load(exercises), ExercisePlan.chaptersBeside(exercises)));
    }

    @Test
    void aChapterCountsItsReadingAndItsLabs() {
        ExercisePlan.ChapterText text = ExercisePlan.ChapterText.of(root.resolve("chapters"), 1);

        assertThat(text.words()).isGreaterThan(1000);
        assertThat(text.labs()).isPositive();
        assertThat(text.readingMinutes() % 5).isZero();
    }
}
