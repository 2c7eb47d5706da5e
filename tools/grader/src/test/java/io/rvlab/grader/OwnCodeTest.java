package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** A hand-over is found wherever the answer's class file names it: a call in a lambda, a nested class. */
class OwnCodeTest {

    /** An "answer" that calls Failure in a lambda and Status in a nested class. */
    static final class Answer {
        Supplier<String> later = () -> Failure.oneLine("x");

        static final class Helper {
            int statuses() {
                return Status.values().length;
            }
        }
    }

    @Test
    void findsClassesAndMembersAnywhereInTheAnswer() {
        assertThat(OwnCode.borrowed(Answer.class, List.of("io.rvlab.grader.Status", "io.rvlab.grader.Failure", "oneLine", "io.rvlab.grader.Hints")))
                .containsExactly("io.rvlab.grader.Failure", "oneLine", "io.rvlab.grader.Status");
    }

    @Test
    void aMemberOfAClassIsFoundByItsOwner() {
        assertThat(OwnCode.borrowed(Answer.class, List.of("io.rvlab.grader.Failure#oneLine", "io.rvlab.grader.Failure#of",
                "io.rvlab.grader.Hints#oneLine"))).containsExactly("io.rvlab.grader.Failure#oneLine");
    }

    @Test
    void onlyTheAnswerAndWhatIsNestedInItAreRead() {
        assertThat(OwnCode.borrowed(Answer.Helper.class, List.of("io.rvlab.grader.Failure", "io.rvlab.grader.Status")))
                .containsExactly("io.rvlab.grader.Status");
    }
}
