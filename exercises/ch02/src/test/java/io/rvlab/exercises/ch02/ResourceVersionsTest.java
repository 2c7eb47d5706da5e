package io.rvlab.exercises.ch02;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Grading tests for exercise 2.1 (compare resourceVersions). Pure logic, no etcd. The given
 * {@code ResourceVersionParser.parse} has tests of its own, {@code ResourceVersionParserTest}.
 */
@Timeout(30)
@DisplayName("2.1 compare resourceVersions")
class ResourceVersionsTest {

    @Test
    @DisplayName("compare: numbers, not strings (\"10\" is newer than \"9\")")
    void compareAsNumbers() {
        assertCompare("1", "2", -1);
        assertCompare("2", "1", 1);
        assertCompare("86", "86", 0);
        assertCompare("10", "9", 1);
        assertCompare("9", "10", -1);
        assertCompare("80", "83", -1);
        assertCompare("100", "99", 1);
    }

    @Test
    @DisplayName("compare: any length, beyond 64 bits (Kubernetes 1.35 conformance)")
    void compareAnyLength() {
        assertCompare("18446744073709551616", "18446744073709551615", 1);
        assertCompare("100000000000000000000000000000", "99999999999999999999999999999", 1);
        assertCompare("123456789012345678901234567890", "123456789012345678901234567891", -1);
        assertCompare("123456789012345678901234567890", "123456789012345678901234567890", 0);
    }

    @ParameterizedTest(name = "\"{0}\" is not well formed")
    @ValueSource(strings = {"", "0", "007", "-1", "+1", "1e3", "abc", " 1", "1 ", "\uff11", "00"})
    @DisplayName("compare: only canonical decimal integers (no leading zero, not \"0\")")
    void compareRejectsNonCanonical(String bad) {
        Throwable asFirst = catchThrowable(() -> ResourceVersions.compare(bad, "5"));
        Throwable asSecond = catchThrowable(() -> ResourceVersions.compare("5", bad));

        for (Throwable thrown : new Throwable[] {asFirst, asSecond}) {
            assertThat(thrown)
                    .as("compare with \"%s\" must throw IllegalArgumentException: CompareResourceVersion accepts only"
                            + " digits without a leading zero, and \"0\" is never a live resourceVersion", bad)
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(thrown.getMessage()).isEqualTo("resource version is not well formed: " + bad);
        }
    }

    @Test
    @DisplayName("compare: when both are bad, the first one is named")
    void firstBadOneIsNamed() {
        Throwable thrown = catchThrowable(() -> ResourceVersions.compare("x", "y"));

        assertThat(thrown).as("compare(\"x\", \"y\") must throw IllegalArgumentException").isInstanceOf(IllegalArgumentException.class);
        assertThat(thrown.getMessage()).as("with both bad, the message names the first one, a").isEqualTo("resource version is not well formed: x");
    }

    private static void assertCompare(String a, String b, int expected) {
        assertThat(ResourceVersions.compare(a, b))
                .as("compare(\"%s\", \"%s\") should be %d", a, b, expected)
                .isEqualTo(expected);
    }
}
