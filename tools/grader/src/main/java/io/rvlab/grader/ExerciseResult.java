package io.rvlab.grader;

import java.nio.file.Path;
import java.util.List;

/**
 * An exercise graded once or, with {@code --repeat K}, K times. Tests against a real etcd can be
 * flaky in ways a fake never is (a watch event arriving late); repeating shows it, and an exercise
 * passes only if every run passed.
 *
 * @param file the file the learner edits (absolute)
 * @param log  where the tests' own output went (absolute)
 */
record ExerciseResult(Manifest.Exercise exercise, Path file, Path log, List<RunResult> runs) {

    ExerciseResult {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("an exercise result needs at least one run");
        }
        runs = List.copyOf(runs);
    }

    int runsPassed() {
        return (int) runs.stream().filter(r -> r.status() == Status.PASSED).count();
    }

    /** Passed in some runs, failed in others. */
    boolean flaky() {
        int passed = runsPassed();
        return passed > 0 && passed < runs.size();
    }

    Status status() {
        if (runsPassed() == runs.size()) {
            return Status.PASSED;
        }
        return flaky() ? Status.FAILED : shown().status();
    }

    /** The run whose details are shown: the first that did not pass, else the last. */
    RunResult shown() {
        return runs.stream().filter(r -> r.status() != Status.PASSED).findFirst().orElse(runs.get(runs.size() - 1));
    }
}
