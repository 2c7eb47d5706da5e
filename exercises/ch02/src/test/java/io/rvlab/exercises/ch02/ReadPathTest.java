package io.rvlab.exercises.ch02;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.rvlab.exercises.ch02.ReadPath.Semantics;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Grading tests for exercise 2.3 (which read does a LIST ask for?). Without a continue token, every
 * row of Kubernetes' "Semantics for get and list" table and every refusal, with the exact codes and
 * messages a real kube-apiserver sends (the GOLD rows are from captured responses). With one, the
 * exercise's variation: this server's tokens do not carry the list's revision, so the request must
 * name the snapshot every page is read at, and what cannot name one is refused.
 */
@Timeout(30)
@DisplayName("2.3 choose the read a LIST asks for")
class ReadPathTest {

    /**
     * A continue token of this server: {"v":"meta.k8s.io/v1","start":"cm-a\u0000"}, where the next page
     * starts and no revision. Exercise 2.3 only cares that one is there.
     */
    private static final String TOKEN = "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJzdGFydCI6ImNtLWFcdTAwMDAifQ";

    private static final String INVALID = "ListOptions.meta.k8s.io \"\" is invalid: ";
    private static final String UNLESS_RV = "resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided";
    private static final String NOT_OLDER_WITH_CONTINUE =
            "resourceVersionMatch: Forbidden: resourceVersionMatch \"NotOlderThan\" is forbidden when continue is provided";
    private static final String CONTINUE_UNLESS_RV = "continue: Forbidden: continue is forbidden unless resourceVersion is provided";
    private static final String CONTINUE_ZERO = "continue: Forbidden: continue is forbidden for resourceVersion \"0\"";
    private static final String EXACT_ZERO = "resourceVersionMatch: Forbidden: resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\"";
    private static final String SUPPORTED = ": supported values: \"Exact\", \"NotOlderThan\", \"\"";
    private static final String NOT_A_NUMBER = "invalid resource version: resourceVersion: Invalid value: \"abc\":"
            + " strconv.ParseUint: parsing \"abc\": invalid syntax";

    static Stream<Arguments> semantics() {
        return Stream.of(
                // resourceVersion, resourceVersionMatch, limit, continue, expected, why
                row("", "", 0, "", Semantics.MOST_RECENT, "no resourceVersion: the latest data"),
                row("", "", 1, "", Semantics.MOST_RECENT, "GOLD b3.1: limit=1 without resourceVersion"),
                row("", "", 500, "", Semantics.MOST_RECENT, "a client-go pager's first page"),
                row("0", "", 0, "", Semantics.ANY, "\"0\": whatever the server has"),
                row("0", "", 1, "", Semantics.ANY, "GOLD b3.5: \"0\" stays Any even with a limit"),
                row("0", "NotOlderThan", 0, "", Semantics.ANY, "NotOlderThan \"0\" is Any"),
                row("0", "NotOlderThan", 5, "", Semantics.ANY, "NotOlderThan \"0\" is Any with a limit too"),
                row("86", "", 0, "", Semantics.NOT_OLDER_THAN, "a resourceVersion without a limit: not older than it"),
                row("86", "", -1, "", Semantics.NOT_OLDER_THAN, "a limit of 0 or less is no limit"),
                row("80", "NotOlderThan", 0, "", Semantics.NOT_OLDER_THAN, "NotOlderThan N"),
                row("80", "NotOlderThan", 2, "", Semantics.NOT_OLDER_THAN, "GOLD b3.7: NotOlderThan stays so with a limit"),
                row("86", "", 1, "", Semantics.EXACT, "the legacy rule: a limit with resourceVersion N (no match) is Exact"),
                row("79", "Exact", 1, "", Semantics.EXACT, "GOLD b3.6: Exact 79 with a limit"),
                row("79", "Exact", 0, "", Semantics.EXACT, "Exact without a limit"),
                row("18446744073709551615", "Exact", 0, "", Semantics.EXACT, "the largest uint64 parses"));
    }

    @ParameterizedTest(name = "rv=\"{0}\" match=\"{1}\" limit={2} continue={3} -> {4}")
    @MethodSource("semantics")
    @DisplayName("every valid combination maps to one semantics")
    void validCombinations(String rv, String match, long limit, String shownContinue, Semantics expected, String why,
            String continueToken) {
        Semantics actual = catchingStatus(rv, match, limit, continueToken);

        assertThat(actual)
                .as("forList(rv=\"%s\", match=\"%s\", limit=%d, continue=%s): %s", rv, match, limit, shownContinue, why)
                .isEqualTo(expected);
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
                // resourceVersion, resourceVersionMatch, limit, continue, code, reason, message
                refusal("", "NotOlderThan", 0, "", 422, "Invalid", INVALID + UNLESS_RV),
                refusal("", "Exact", 1, "", 422, "Invalid", INVALID + UNLESS_RV),
                refusal("0", "Exact", 0, "", 422, "Invalid", INVALID + EXACT_ZERO),
                refusal("0", "Exact", 5, "", 422, "Invalid", INVALID + EXACT_ZERO),
                refusal("79", "exact", 0, "", 422, "Invalid",
                        INVALID + "resourceVersionMatch: Unsupported value: \"exact\"" + SUPPORTED),
                refusal("79", "Latest", 0, "", 422, "Invalid",
                        INVALID + "resourceVersionMatch: Unsupported value: \"Latest\"" + SUPPORTED),
                refusal("", "exact", 0, "", 422, "Invalid",
                        INVALID + "[" + UNLESS_RV + ", resourceVersionMatch: Unsupported value: \"exact\"" + SUPPORTED + "]"),
                refusal("abc", "", 1, TOKEN, 400, "BadRequest", NOT_A_NUMBER),
                refusal("abc", "", 0, "", 400, "BadRequest", NOT_A_NUMBER),
                refusal("-1", "NotOlderThan", 0, "", 400, "BadRequest", "invalid resource version: resourceVersion: Invalid value:"
                        + " \"-1\": strconv.ParseUint: parsing \"-1\": invalid syntax"),
                refusal("1e3", "Exact", 1, "", 400, "BadRequest", "invalid resource version: resourceVersion: Invalid value:"
                        + " \"1e3\": strconv.ParseUint: parsing \"1e3\": invalid syntax"),
                refusal("18446744073709551616", "", 1, "", 400, "BadRequest", "invalid resource version: resourceVersion:"
                        + " Invalid value: \"18446744073709551616\": strconv.ParseUint: parsing \"18446744073709551616\":"
                        + " value out of range"));
    }

    @ParameterizedTest(name = "rv=\"{0}\" match=\"{1}\" limit={2} continue={3} -> {4} {5}")
    @MethodSource("refusals")
    @DisplayName("every refused combination: the exact code, reason and message")
    void refusedCombinations(String rv, String match, long limit, String shownContinue, int code, String reason,
            String message, String continueToken) {
        assertRefused(rv, match, limit, shownContinue, code, reason, message, continueToken, "");
    }

    static Stream<Arguments> continuations() {
        return Stream.of(
                // resourceVersion, resourceVersionMatch, limit, continue, expected, why
                row("86", "", 1, TOKEN, Semantics.CONTINUATION,
                        "the first page's resourceVersion sent back with the token: the next page of that snapshot"),
                row("86", "", 0, TOKEN, Semantics.CONTINUATION, "without a limit: still the next page (the rest of the list)"),
                row("86", "Exact", 1, TOKEN, Semantics.CONTINUATION, "Exact 86 beside a token: the next page, at 86"),
                row("79", "Exact", 0, TOKEN, Semantics.CONTINUATION, "Exact 79 beside a token, no limit: the next page, at 79"),
                row("18446744073709551615", "", 1, TOKEN, Semantics.CONTINUATION, "the largest uint64 names a snapshot too"));
    }

    @ParameterizedTest(name = "rv=\"{0}\" match=\"{1}\" limit={2} continue={3} -> {4}")
    @MethodSource("continuations")
    @DisplayName("variation: a continue token beside the resourceVersion of one snapshot is the next page of it")
    void continuations(String rv, String match, long limit, String shownContinue, Semantics expected, String why,
            String continueToken) {
        Semantics actual = catchingStatus(rv, match, limit, continueToken);

        assertThat(actual)
                .as("forList(rv=\"%s\", match=\"%s\", limit=%d, continue=%s): %s (this server's token carries no"
                        + " revision, so the request names it)", rv, match, limit, shownContinue, why)
                .isEqualTo(expected);
    }

    static Stream<Arguments> continuationsWithoutOneSnapshot() {
        return Stream.of(
                // resourceVersion, resourceVersionMatch, limit, continue, code, reason, message
                refusal("", "", 1, TOKEN, 422, "Invalid", INVALID + CONTINUE_UNLESS_RV),
                refusal("", "", 0, TOKEN, 422, "Invalid", INVALID + CONTINUE_UNLESS_RV),
                refusal("0", "", 1, TOKEN, 422, "Invalid", INVALID + CONTINUE_ZERO),
                refusal("80", "NotOlderThan", 1, TOKEN, 422, "Invalid", INVALID + NOT_OLDER_WITH_CONTINUE),
                refusal("80", "NotOlderThan", 0, TOKEN, 422, "Invalid", INVALID + NOT_OLDER_WITH_CONTINUE),
                refusal("abc", "NotOlderThan", 1, TOKEN, 422, "Invalid", INVALID + NOT_OLDER_WITH_CONTINUE),
                refusal("0", "NotOlderThan", 1, TOKEN, 422, "Invalid",
                        INVALID + "[" + NOT_OLDER_WITH_CONTINUE + ", " + CONTINUE_ZERO + "]"),
                refusal("", "NotOlderThan", 1, TOKEN, 422, "Invalid",
                        INVALID + "[" + UNLESS_RV + ", " + NOT_OLDER_WITH_CONTINUE + ", " + CONTINUE_UNLESS_RV + "]"),
                refusal("", "Exact", 0, TOKEN, 422, "Invalid", INVALID + "[" + UNLESS_RV + ", " + CONTINUE_UNLESS_RV + "]"),
                refusal("0", "Exact", 0, TOKEN, 422, "Invalid", INVALID + "[" + EXACT_ZERO + ", " + CONTINUE_ZERO + "]"),
                refusal("", "nope", 0, TOKEN, 422, "Invalid", INVALID + "[" + UNLESS_RV
                        + ", resourceVersionMatch: Unsupported value: \"nope\"" + SUPPORTED + ", " + CONTINUE_UNLESS_RV + "]"));
    }

    @ParameterizedTest(name = "rv=\"{0}\" match=\"{1}\" limit={2} continue={3} -> {4} {5}")
    @MethodSource("continuationsWithoutOneSnapshot")
    @DisplayName("variation: a continue token with nothing that names one snapshot is refused, with this server's words")
    void continuationsWithoutOneSnapshot(String rv, String match, long limit, String shownContinue, int code, String reason,
            String message, String continueToken) {
        assertRefused(rv, match, limit, shownContinue, code, reason, message, continueToken,
                "pages read at the newest revision each would not add up to one list");
    }

    private static void assertRefused(String rv, String match, long limit, String shownContinue, int code, String reason,
            String message, String continueToken, String why) {
        Throwable thrown = catchThrowable(() -> ReadPath.forList(rv, match, limit, continueToken));

        assertThat(thrown)
                .as("forList(rv=\"%s\", match=\"%s\", limit=%d, continue=%s) must be refused with %d %s%s",
                        rv, match, limit, shownContinue, code, reason, why.isEmpty() ? "" : ": " + why)
                .isInstanceOf(StatusException.class);
        StatusException status = (StatusException) thrown;
        assertThat(status.code())
                .as("HTTP code: 422 when the options break a validation rule (all rules are checked first),"
                        + " 400 when storage refuses them")
                .isEqualTo(code);
        assertThat(status.reason()).as("the Status reason for %d", code).isEqualTo(reason);
        assertThat(status.getMessage())
                .as("the message, word for word (Kubernetes' own, and this server's for continue)")
                .isEqualTo(message);
    }

    private static Arguments row(String rv, String match, long limit, String token, Semantics expected, String why) {
        return Arguments.of(rv, match, limit, token.isEmpty() ? "\"\"" : "<token>", expected, why, token);
    }

    private static Arguments refusal(String rv, String match, long limit, String token, int code, String reason,
            String message) {
        return Arguments.of(rv, match, limit, token.isEmpty() ? "\"\"" : "<token>", code, reason, message, token);
    }

    private static Semantics catchingStatus(String rv, String match, long limit, String token) {
        try {
            return ReadPath.forList(rv, match, limit, token);
        } catch (StatusException e) {
            throw new AssertionError("forList(rv=\"" + rv + "\", match=\"" + match + "\", limit=" + limit
                    + ") is a valid combination, but threw " + e, e);
        }
    }
}
