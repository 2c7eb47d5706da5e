package io.rvlab.exercises.ch02;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tests of the given {@link ResourceVersionParser#parse} (Kubernetes' {@code ParseResourceVersion},
 * Go's {@code strconv.ParseUint}): not graded, since a learner does not write it; they keep the given
 * code honest, and exercise 2.3 relies on it. Pure logic, no etcd: the values and messages are the
 * ones a real kube-apiserver produces.
 */
@Timeout(30)
@DisplayName("2.1 given: parse a resourceVersion as Kubernetes does")
class ResourceVersionParserTest {

    @Test
    @DisplayName("\"\" (not given) and \"0\" (any) both mean revision 0")
    void emptyAndZero() {
        assertThat(ResourceVersionParser.parse(""))
                .as("parse(\"\"): an absent resourceVersion stands for no particular revision, 0")
                .isZero();
        assertThat(ResourceVersionParser.parse("0"))
                .as("parse(\"0\"): \"any version\" is revision 0 too")
                .isZero();
    }

    @Test
    @DisplayName("decimal revisions, as the golden captures show them")
    void decimalRevisions() {
        assertThat(ResourceVersionParser.parse("1")).isEqualTo(1L);
        assertThat(ResourceVersionParser.parse("79")).as("the RV of cm-a when it was created (GOLD a1)").isEqualTo(79L);
        assertThat(ResourceVersionParser.parse("86")).as("the list RV of GOLD b3.1").isEqualTo(86L);
        assertThat(ResourceVersionParser.parse("9223372036854775807")).as("Long.MAX_VALUE").isEqualTo(Long.MAX_VALUE);
        assertThat(ResourceVersionParser.parse("007"))
                .as("Go's ParseUint reads leading zeros, so Kubernetes parses \"007\" as 7 (only compare() is strict about them)")
                .isEqualTo(7L);
    }

    @Test
    @DisplayName("the whole uint64 range is accepted, above Long.MAX_VALUE too")
    void unsignedRange() {
        for (String big : new String[] {"9223372036854775808", "18446744073709551615"}) {
            long parsed = ResourceVersionParser.parse(big);
            assertThat(Long.toUnsignedString(parsed))
                    .as("parse(\"%s\") fits in 64 unsigned bits, as Go's ParseUint(s, 10, 64) allows:"
                            + " Long.toUnsignedString of your result should give the same digits back", big)
                    .isEqualTo(big);
        }
    }

    @Test
    @DisplayName("GOLD b3.12: \"abc\" is refused with Kubernetes' exact message")
    void goldenAbc() {
        Throwable thrown = catchThrowable(() -> ResourceVersionParser.parse("abc"));

        assertThat(thrown)
                .as("parse(\"abc\") should throw IllegalArgumentException")
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(thrown.getMessage())
                .as("the message a real kube-apiserver sent for ?resourceVersion=abc")
                .isEqualTo("resourceVersion: Invalid value: \"abc\": strconv.ParseUint: parsing \"abc\": invalid syntax");
    }

    @ParameterizedTest(name = "\"{0}\" is not a resourceVersion")
    @ValueSource(strings = {
        "-1", "abc", " 12", "12 ", "1e3", "+12", "0x1f", "1_000", "12.0", "1,2",
        "\uff11\uff12", // "１２", full-width digits: Unicode digits, not ASCII
        "\u0661\u0662", // "١٢", Arabic-Indic digits
    })
    @DisplayName("anything but ASCII digits: invalid syntax")
    void invalidSyntax(String text) {
        Throwable thrown = catchThrowable(() -> ResourceVersionParser.parse(text));

        assertThat(thrown)
                .as("parse(\"%s\"): Go's strconv.ParseUint accepts only ASCII digits 0-9 (no sign, space, exponent,"
                        + " underscore or other Unicode digit), so this must throw IllegalArgumentException", text)
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(thrown.getMessage())
                .as("Kubernetes' message names the field, quotes the value twice, and gives Go's reason")
                .isEqualTo("resourceVersion: Invalid value: \"" + text + "\": strconv.ParseUint: parsing \""
                        + text + "\": invalid syntax");
    }

    @Test
    @DisplayName("control characters are refused too")
    void controlCharacters() {
        for (String text : new String[] {"12\u0000", "1\n2", "\t12"}) {
            Throwable thrown = catchThrowable(() -> ResourceVersionParser.parse(text));
            assertThat(thrown)
                    .as("parse of a value holding a control character must throw IllegalArgumentException")
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(thrown.getMessage()).startsWith("resourceVersion: Invalid value: ").endsWith(": invalid syntax");
        }
    }

    // 18446744073709551620: its first 19 digits are already too big to take one more digit, and 10 times
    // them wraps around 64 bits to 4, which a check made only after the multiplication would accept.
    @ParameterizedTest(name = "\"{0}\" does not fit in 64 bits")
    @ValueSource(strings = {"18446744073709551616", "18446744073709551620", "99999999999999999999999"})
    @DisplayName("more than 2^64-1: value out of range")
    void outOfRange(String text) {
        Throwable thrown = catchThrowable(() -> ResourceVersionParser.parse(text));

        assertThat(thrown)
                .as("parse(\"%s\") is above 2^64-1 and must throw IllegalArgumentException", text)
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(thrown.getMessage())
                .as("digits that do not fit are Go's 'value out of range', not 'invalid syntax'")
                .isEqualTo("resourceVersion: Invalid value: \"" + text + "\": strconv.ParseUint: parsing \""
                        + text + "\": value out of range");
    }

    @Test
    @DisplayName("two problems in one value: Go reports the first it meets, reading left to right")
    void firstProblemWins() {
        String overflowFirst = "99999999999999999999x";
        Throwable thrown = catchThrowable(() -> ResourceVersionParser.parse(overflowFirst));
        assertThat(thrown)
                .as("parse(\"%s\") must throw IllegalArgumentException", overflowFirst)
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(thrown.getMessage())
                .as("parse(\"%s\"): Go's ParseUint reads left to right, and its 20th digit overflows 64 bits before"
                        + " it reaches the 'x', so Go answers 'value out of range', not 'invalid syntax'", overflowFirst)
                .isEqualTo("resourceVersion: Invalid value: \"" + overflowFirst + "\": strconv.ParseUint: parsing \""
                        + overflowFirst + "\": value out of range");

        String syntaxFirst = "1x999999999999999999999";
        Throwable early = catchThrowable(() -> ResourceVersionParser.parse(syntaxFirst));
        assertThat(early)
                .as("parse(\"%s\") must throw IllegalArgumentException", syntaxFirst)
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(early.getMessage())
                .as("parse(\"%s\"): here the 'x' comes first, long before the digits could overflow, so Go answers"
                        + " 'invalid syntax'", syntaxFirst)
                .endsWith(": invalid syntax");
    }
}
