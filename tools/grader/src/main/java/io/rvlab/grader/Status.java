package io.rvlab.grader;

/** Where an exercise stands. Only {@link #PASSED} counts; the others say why not. */
enum Status {
    /** At least one test ran, and every test that ran passed. */
    PASSED("PASSED"),
    /** Some test failed for a reason other than the skeleton's TODO. */
    FAILED("FAILED"),
    /** Every failure is the skeleton's {@code UnsupportedOperationException("TODO ...")}: untouched so far. */
    NOT_STARTED("NOT STARTED"),
    /** The test class was missing, empty, disabled or broke before any test: never a pass. */
    NO_TESTS_RAN("NO TESTS RAN");

    private final String label;

    Status(String label) {
        this.label = label;
    }

    /** The words the scoreboard prints. */
    String label() {
        return label;
    }
}
