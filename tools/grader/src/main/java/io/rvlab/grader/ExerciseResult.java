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

    /** The same result, its file shown at another path (the learner's copy rather than the build of it). */
    ExerciseResult withFile(Path learnersFile) {
        return new ExerciseResult(exercise, learnersFile, log, runs);
    }

    /**
     * The same result judged by tests that are not the course's: a run that passed becomes FAILED,
     * with {@code why} as its first failure, since passing those tests proves nothing.
     */
    ExerciseResult untrusted(String why) {
        List<RunResult> judged = runs.stream().map(r -> {
            if (r.status() != Status.PASSED) {
                return r;
            }
            List<Failure> failures = new java.util.ArrayList<>();
            failures.add(Failure.withoutCause("grading tests", why));
            failures.addAll(r.failures());
            return new RunResult(r.passed(), r.failed(), r.skipped(), failures, r.emptyNote());
        }).toList();
        return new ExerciseResult(exercise, file, log, judged);
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

    /**
     * The hint that belongs to this result (1-based), 0 for none: only a FAILED exercise gets one,
     * the hint exercises.yaml's hint_for maps to its first failing test method, else hint 1. An
     * exercise NOT STARTED gets none: the learner has not tried yet, and hints come one at a time
     * from {@code ./course hint}.
     */
    int hintNumber() {
        if (status() != Status.FAILED) {
            return 0;
        }
        List<Failure> failures = shown().failures();
        return exercise.hintNumberFor(failures.isEmpty() ? null : failures.get(0).method());
    }

    /** The text of {@link #hintNumber()}, or null. */
    String hint() {
        int n = hintNumber();
        return n == 0 ? null : exercise.hints().get(n - 1);
    }

    /** The run whose details are shown: the first that did not pass, else the last. */
    RunResult shown() {
        return runs.stream().filter(r -> r.status() != Status.PASSED).findFirst().orElse(runs.get(runs.size() - 1));
    }
}
