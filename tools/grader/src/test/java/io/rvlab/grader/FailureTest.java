package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** A failure becomes one line a learner can read at a glance. */
class FailureTest {

    @Test
    void assertionMessagesKeepTheirLines() {
        Failure f = Failure.of("t()", new AssertionError("\nexpected: 5\n but was: 6\n"));

        assertThat(f.message()).isEqualTo("expected: 5\n but was: 6");
        assertThat(f.todo()).isFalse();
    }

    @Test
    void otherExceptionsKeepTheirType() {
        assertThat(Failure.of("t()", new NullPointerException()).message()).isEqualTo("NullPointerException");
        assertThat(Failure.of("t()", new IllegalStateException("closed")).message()).isEqualTo("IllegalStateException: closed");
    }

    @Test
    void theExceptionInsideAFutureIsShown() {
        Failure f = Failure.of("t()", new ExecutionException(new CompletionException(new IllegalArgumentException("bad key"))));

        assertThat(f.message()).isEqualTo("IllegalArgumentException: bad key");
    }

    @Test
    void theSkeletonsTodoIsRecognisedEvenWrapped() {
        Failure f = Failure.of("t()", new ExecutionException(new UnsupportedOperationException("TODO read the header")));

        assertThat(f.todo()).isTrue();
        assertThat(f.message()).isEqualTo("TODO read the header");
        assertThat(Failure.of("t()", new UnsupportedOperationException()).todo()).as("the JDK's own UOE is no TODO").isFalse();
    }

    @Test
    void aTodoQuotedByAnAssertionIsRecognised() {
        Failure f = Failure.of("t()", new AssertionError("[expected IllegalArgumentException]\nExpecting actual throwable to be an instance of:\n"
                + "  java.lang.IllegalArgumentException\nbut was:\n  java.lang.UnsupportedOperationException: TODO exercise 1.2: read it\n\tat x.Y.z(Y.java:1)"));

        assertThat(f.todo()).isTrue();
        assertThat(f.message()).isEqualTo("TODO exercise 1.2: read it");
        assertThat(Failure.of("t()", new AssertionError("but was: java.lang.UnsupportedOperationException: nope")).todo()).isFalse();
    }

    @Test
    void aMessageIsShownWholeWithItsLinesUpToALimit() {
        String assertj = "\nExpecting actual:\n  \"abc\"\nto contain:\n  \"d\" ";

        assertThat(Failure.of("t()", new AssertionError(assertj)).message()).isEqualTo("Expecting actual:\n  \"abc\"\nto contain:\n  \"d\"");
        assertThat(Failure.of("t()", new AssertionError("x".repeat(9000))).message()).hasSize(Failure.MAX_WHOLE).endsWith("...");
        assertThat(Failure.oneLine("x".repeat(1000))).hasSize(Failure.MAX_MESSAGE).endsWith("...");
    }

    @Test
    void theMostTellingFailureComesFirst() {
        Failure todo = Failure.of("a()", new UnsupportedOperationException("TODO exercise 1.1"));
        Failure timeout = Failure.of("b()", new AssertionError("Condition not satisfied: timed out after 5 seconds"));
        Failure assertion = Failure.of("c()", new AssertionError("expected: 5 but was: 6"));
        Failure status = Failure.of("d()", new AssertionError("expected Status code 409 but was 500"));
        Failure thrown = Failure.of("e()", new IllegalStateException("boom"));
        Failure type = Failure.of("f()", new ClassCastException("String cannot be cast to Integer"));

        RunResult run = new RunResult(0, 6, 0, java.util.List.of(todo, timeout, assertion, status, thrown, type), null);

        assertThat(run.failures()).extracting(Failure::test).containsExactly("f()", "e()", "d()", "c()", "b()", "a()");
    }
}
