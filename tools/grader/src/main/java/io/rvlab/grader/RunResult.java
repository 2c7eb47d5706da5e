package io.rvlab.grader;

import java.util.List;

/**
 * What one run of one grading test class did.
 *
 * @param passed    tests that ran and passed
 * @param failed    tests that ran and failed
 * @param skipped   tests disabled or aborted by an assumption: neither run nor failed
 * @param failures  failed tests, in the order they finished, then failures of the class itself
 *                  ({@code @BeforeAll}, a missing class); the first is the one the scoreboard shows
 * @param emptyNote why nothing ran when there is no failure to blame (an empty or disabled class)
 */
record RunResult(int passed, int failed, int skipped, List<Failure> failures, String emptyNote) {

    RunResult {
        // The most telling failure first (Failure#rank; a stable sort keeps the finishing order within a rank):
        // it is the one the scoreboard shows and the one hint_for maps.
        failures = failures.stream().sorted(java.util.Comparator.comparingInt(Failure::rank)).toList();
    }

    /** A class that could not even be started, e.g. not on the class path. */
    static RunResult nothingRan(Failure why) {
        return new RunResult(0, 0, 0, List.of(why), null);
    }

    int run() {
        return passed + failed;
    }

    /**
     * The classification the whole grader rests on. Zero tests run is never a pass: a test class
     * that vanished or lost its {@code @Test}s must not turn an exercise green. "Not started" needs
     * every failure to be the skeleton's TODO and no test passing; once one test passes, the
     * learner has started, and the remaining TODOs show up as plain failures.
     */
    Status status() {
        if (run() == 0) {
            return Status.NO_TESTS_RAN;
        }
        if (failures.isEmpty()) {
            return Status.PASSED;
        }
        if (passed == 0 && failures.stream().allMatch(Failure::todo)) {
            return Status.NOT_STARTED;
        }
        return Status.FAILED;
    }

    /** One line on why this run is not a pass, for the scoreboard; null if it passed. */
    String reason() {
        if (!failures.isEmpty()) {
            Failure first = failures.get(0);
            return first.test() + ": " + first.message();
        }
        if (run() == 0) {
            return "no test ran: " + (emptyNote != null ? emptyNote : "the test class has no tests");
        }
        return null;
    }
}
