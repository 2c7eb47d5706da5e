package io.rvlab.grader.classroom;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** When a chapter's run is stopped, the exercise that hung is the one the grader had started and not finished. */
class GradingJobTest {

    @Test
    void theExerciseStartedAndNeverFinishedHung() {
        assertThat(GradingJob.running(List.of("[rvlab] etcd container ...", "[grader] 3.1 GuaranteedUpdate ...", "[grader] 3.1 PASSED",
                "[grader] 3.2 RetryOnConflict ...", "some test output"))).isEqualTo("3.2");
    }

    @Test
    void noneHungWhenEveryStartedExerciseFinished() {
        assertThat(GradingJob.running(List.of("[grader] 3.1 GuaranteedUpdate ...", "[grader] 3.1 NOT STARTED"))).isNull();
    }
}
