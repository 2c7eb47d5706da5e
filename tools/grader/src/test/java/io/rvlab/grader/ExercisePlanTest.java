package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The instructor page's tables, from manifests with and without the optional estimates. */
class ExercisePlanTest {

    private static Manifest.Exercise exercise(String id, Integer difficulty, Integer minutes) {
        return new Manifest.Exercise(id, "Title " + id, "src/main/java/X.java", "x.XTest", difficulty, minutes, null, null, List.of("h"), Map.of());
    }

    @Test
    void meetingsPackExercisesInOrderAndMissingMinutesAreAssumed() {
        Manifest m = new Manifest(3, "Optimistic concurrency",
                List.of(exercise("3.1", 1, 20), exercise("3.2", 2, 60), exercise("3.3", 3, null), exercise("3.4", 2, 100)));

        List<List<Manifest.Exercise>> meetings = ExercisePlan.meetings(m, 90);

        assertThat(meetings).extracting(g -> g.stream().map(Manifest.Exercise::id).toList())
                .containsExactly(List.of("3.1", "3.2"), List.of("3.3"), List.of("3.4"));
        String adoc = ExercisePlan.write(List.of(m), 90, java.nio.file.Path.of("no-chapters"));
        assertThat(adoc).contains("| 3 | Optimistic concurrency | 4 | 3 h 30 min (1 without an estimate, 30 min each assumed) | 3",
                ".Meeting 1 (about 80 min)", "| 3.3 | Title 3.3 | 3 challenge | not given", "| 3.1 | Title 3.1 | 1 warm-up | 20");
    }
}
