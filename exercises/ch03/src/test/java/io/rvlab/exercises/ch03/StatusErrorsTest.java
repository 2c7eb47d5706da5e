package io.rvlab.exercises.ch03;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rvlab.exercises.ch03.StatusErrors.Classification;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Grading tests for exercise 3.6 (the Status bodies of write errors). The expected bodies are the
 * ones a real kube-apiserver sent in the golden captures c1 and c2, copied byte for byte (without
 * the final newline, which the HTTP layer adds). The apps/v1 variants are not in a capture; they
 * follow apimachinery's rules, with the field order of GOLD h.11's details.
 *
 * <p>The classification tests are client-go's side: {@code rest.Result.Error()} (client-go
 * rest/request.go) makes the error of an answer, and {@code errors.IsConflict}, {@code IsAlreadyExists}
 * and {@code IsNotFound} (apimachinery pkg/api/errors/errors.go) judge it.
 */
@DisplayName("3.6 Status bodies of write errors")
class StatusErrorsTest {

    /** kube-apiserver's bodies in the golden captures, byte for byte. */
    private static final String GOLD_C1_2 =
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot"
            + " be fulfilled on configmaps \\\"cm-a\\\": the object has been modified; please apply your changes to the latest"
            + " version and try again\",\"reason\":\"Conflict\",\"details\":{\"name\":\"cm-a\",\"kind\":\"configmaps\"},\"code\":409}";

    private static final String GOLD_C2_1 =
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot"
            + " be fulfilled on ConfigMap \\\"cm-del\\\": the ResourceVersion in the precondition (95) does not match the"
            + " ResourceVersion in record (96). The object might have been modified\",\"reason\":\"Conflict\",\"details\":"
            + "{\"name\":\"cm-del\",\"kind\":\"ConfigMap\"},\"code\":409}";

    private static final String GOLD_C2_7 =
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps"
            + " \\\"cm-b\\\" already exists\",\"reason\":\"AlreadyExists\",\"details\":{\"name\":\"cm-b\",\"kind\":\"configmaps\"},"
            + "\"code\":409}";

    private static final String GOLD_C1_11 =
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps"
            + " \\\"cm-nope\\\" not found\",\"reason\":\"NotFound\",\"details\":{\"name\":\"cm-nope\",\"kind\":\"configmaps\"},"
            + "\"code\":404}";

    /**
     * Compares your body with kube-apiserver's byte for byte; a difference is reported where it
     * starts, with a little of both bodies around it, so a field out of order or a missing escape is
     * found without reading two long lines side by side.
     */
    private static void assertBody(String what, String yours, String expected) {
        if (expected.equals(yours)) {
            return;
        }
        if (yours == null) {
            throw new AssertionError(what + ": your method returned null; expected " + expected);
        }
        int at = 0;
        while (at < yours.length() && at < expected.length() && yours.charAt(at) == expected.charAt(at)) {
            at++;
        }
        int from = Math.max(0, at - 30);
        throw new AssertionError(String.format("%s differs from kube-apiserver's at character %d:%n  expected ...%s%n"
                + "  yours    ...%s%nthe whole expected body: %s%nyours:                   %s", what, at,
                expected.substring(from, Math.min(expected.length(), at + 40)),
                yours.substring(from, Math.min(yours.length(), at + 40)), expected, yours));
    }

    @Test
    @DisplayName("GOLD c1.2: a PUT with a stale resourceVersion")
    void staleUpdate() {
        assertBody("the 409 Conflict for a stale PUT of configmaps cm-a (GOLD c1.2)",
                StatusErrors.staleUpdate("", "configmaps", "cm-a"),
                GOLD_C1_2);
    }

    @Test
    @DisplayName("apps/v1: the group follows the resource in the message and comes between name and kind in details")
    void staleUpdateWithGroup() throws Exception {
        String body = StatusErrors.staleUpdate("apps", "deployments", "web");

        assertBody("the 409 Conflict for a stale PUT of deployments.apps web", body,
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot"
                + " be fulfilled on deployments.apps \\\"web\\\": the object has been modified; please apply your changes to the"
                + " latest version and try again\",\"reason\":\"Conflict\",\"details\":{\"name\":\"web\",\"group\":\"apps\","
                + "\"kind\":\"deployments\"},\"code\":409}");
        assertThat(new ObjectMapper().readTree(body).path("reason").asText()).as("valid JSON, reason Conflict").isEqualTo("Conflict");
    }

    @Test
    @DisplayName("GOLD c2.1 and c2.2: a DELETE precondition's conflict is built with the Kind")
    void deletePreconditionConflicts() {
        assertBody("the 409 for a DELETE whose resourceVersion precondition fails (GOLD c2.1)",
                StatusErrors.conflict("", "ConfigMap", "cm-del", "the ResourceVersion in the precondition (95) does not match"
                + " the ResourceVersion in record (96). The object might have been modified"),
                GOLD_C2_1);
        assertBody("the 409 for a DELETE whose uid precondition fails (GOLD c2.2)",
                StatusErrors.conflict("", "ConfigMap", "cm-del", "the UID in the precondition"
                + " (00000000-0000-0000-0000-000000000000) does not match the UID in record (e169eed2-dbe3-4f8e-802f-8862742d0406)."
                + " The object might have been deleted and then recreated"),
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot"
                + " be fulfilled on ConfigMap \\\"cm-del\\\": the UID in the precondition (00000000-0000-0000-0000-000000000000)"
                + " does not match the UID in record (e169eed2-dbe3-4f8e-802f-8862742d0406). The object might have been deleted"
                + " and then recreated\",\"reason\":\"Conflict\",\"details\":{\"name\":\"cm-del\",\"kind\":\"ConfigMap\"},\"code\":409}");
    }

    @Test
    @DisplayName("GOLD c2.7: a create of a taken name is AlreadyExists, a 409 that is not a Conflict")
    void alreadyExists() {
        assertBody("the 409 AlreadyExists for configmaps cm-b (GOLD c2.7)",
                StatusErrors.alreadyExists("", "configmaps", "cm-b"),
                GOLD_C2_7);
        assertBody("the 409 AlreadyExists for deployments.apps web",
                StatusErrors.alreadyExists("apps", "deployments", "web"),
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"deployments.apps"
                + " \\\"web\\\" already exists\",\"reason\":\"AlreadyExists\",\"details\":{\"name\":\"web\",\"group\":\"apps\","
                + "\"kind\":\"deployments\"},\"code\":409}");
    }

    @Test
    @DisplayName("GOLD c1.11 and c2.4: NotFound")
    void notFound() {
        assertBody("the 404 NotFound for configmaps cm-nope (GOLD c1.11)",
                StatusErrors.notFound("", "configmaps", "cm-nope"),
                GOLD_C1_11);
        assertBody("the 404 NotFound for configmaps cm-del (GOLD c2.4)",
                StatusErrors.notFound("", "configmaps", "cm-del"),
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps"
                + " \\\"cm-del\\\" not found\",\"reason\":\"NotFound\",\"details\":{\"name\":\"cm-del\",\"kind\":\"configmaps\"},"
                + "\"code\":404}");
    }

    /** A Status of status Failure with this code and reason, as kube-apiserver writes one. */
    private static String status(int code, String reason) {
        return "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"x\","
                + "\"reason\":\"" + reason + "\",\"details\":{\"name\":\"cm-a\",\"kind\":\"configmaps\"},\"code\":" + code + "}";
    }

    private static void assertVerdict(String method, int httpCode, String body, Classification expected, String why) {
        Classification yours = StatusErrors.classify(method, httpCode, body);
        assertThat(yours)
                .as("your classify(\"%s\", %d, %s) returned %s, where %s is expected (%s); ./course hint 3.6", method,
                        httpCode, body.isEmpty() ? "an empty body" : body, yours, expected, why)
                .isEqualTo(expected);
    }

    @Test
    @DisplayName("classify: kube-apiserver's own bodies (GOLD c1.2, c2.1, c2.7, c1.11)")
    void classifiesTheGoldenBodies() {
        assertVerdict("PUT", 409, GOLD_C1_2, Classification.CONFLICT,
                "kube-apiserver's answer to a stale PUT");
        assertVerdict("DELETE", 409, GOLD_C2_1, Classification.CONFLICT, "kube-apiserver's answer to a DELETE whose precondition failed");
        assertVerdict("POST", 409, GOLD_C2_7, Classification.ALREADY_EXISTS, "kube-apiserver's answer to a POST of a taken name");
        assertVerdict("GET", 404, GOLD_C1_11, Classification.NOT_FOUND, "kube-apiserver's answer to a GET of a missing name");
    }

    @Test
    @DisplayName("classify: Status bodies whose reason and code point different ways")
    void theReasonDecides() {
        assertVerdict("PUT", 409, status(409, "AlreadyExists"), Classification.ALREADY_EXISTS,
                "a PUT answered 409 with reason AlreadyExists");
        assertVerdict("POST", 409, status(409, "Conflict"), Classification.CONFLICT,
                "a POST answered 409 with reason Conflict");
        assertVerdict("PUT", 422, status(422, "Invalid"), Classification.OTHER, "a PUT answered 422 with reason Invalid");
        assertVerdict("PUT", 410, status(410, "Gone"), Classification.OTHER, "a PUT answered 410 with reason Gone");
        assertVerdict("PUT", 409, status(409, "Invalid"), Classification.OTHER,
                "a PUT answered 409 with reason Invalid");
        assertVerdict("GET", 404, status(404, "Forbidden"), Classification.OTHER,
                "a GET answered 404 with reason Forbidden");
    }

    @Test
    @DisplayName("classify: Status bodies with an empty reason or one from a newer server")
    void anUnknownReasonFallsBackToTheCode() {
        assertVerdict("PUT", 409, status(409, ""), Classification.CONFLICT, "a PUT answered 409 with an empty reason");
        assertVerdict("PUT", 409, status(409, "SomeFutureReason"), Classification.CONFLICT,
                "a PUT answered 409 with reason SomeFutureReason");
        assertVerdict("GET", 404, status(404, ""), Classification.NOT_FOUND, "a GET answered 404 with an empty reason");
        assertVerdict("DELETE", 404, status(404, "SomeFutureReason"), Classification.NOT_FOUND,
                "a DELETE answered 404 with reason SomeFutureReason");
        assertVerdict("PUT", 500, status(500, ""), Classification.OTHER, "a PUT answered 500 with an empty reason");
    }

    @Test
    @DisplayName("classify: a create answered 409 with a Status whose reason is not AlreadyExists")
    void alreadyExistsOnlyByItsReason() {
        assertVerdict("POST", 409, status(409, ""), Classification.CONFLICT,
                "a POST answered 409 with a Status whose reason is empty");
        assertVerdict("POST", 409, status(409, "SomeFutureReason"), Classification.CONFLICT,
                "a POST answered 409 with a Status whose reason is SomeFutureReason");
    }

    @Test
    @DisplayName("classify: answers that are not a Status of kube-apiserver (text, HTML, other JSON, no body)")
    void aBodyThatIsNotAStatus() {
        assertVerdict("PUT", 409, "conflict\n", Classification.CONFLICT, "a PUT answered 409 in plain text, by a proxy");
        assertVerdict("POST", 409, "conflict\n", Classification.ALREADY_EXISTS,
                "a POST answered 409 in plain text, by a proxy");
        assertVerdict("POST", 409, "", Classification.ALREADY_EXISTS, "a POST answered 409 with no body");
        assertVerdict("DELETE", 409, "<html><body>409 Conflict</body></html>", Classification.CONFLICT,
                "a DELETE answered 409 with an HTML page");
        assertVerdict("GET", 404, "404 page not found\n", Classification.NOT_FOUND, "a GET answered 404 in plain text");
        assertVerdict("PUT", 404, "", Classification.NOT_FOUND, "a PUT answered 404 with no body");
        assertVerdict("POST", 409, "{\"error\":\"AlreadyExists\"}", Classification.ALREADY_EXISTS,
                "a POST answered 409 with JSON that is not a Status");
        assertVerdict("PUT", 409, "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"reason\":\"AlreadyExists\"}",
                Classification.CONFLICT, "a PUT answered 409 with a ConfigMap that has a reason field");
        assertVerdict("POST", 409, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Success\","
                + "\"reason\":\"Conflict\",\"code\":409}", Classification.ALREADY_EXISTS,
                "a POST answered 409 with a Status of status Success and reason Conflict");
        assertVerdict("PUT", 502, "<html>Bad Gateway</html>", Classification.OTHER, "a PUT answered 502 by a gateway");
        assertVerdict("PUT", 429, "", Classification.OTHER, "a PUT answered 429 with no body");
    }

    @Test
    @DisplayName("the bodies are yours: they are not the chapter 2 and 3 servers' own Status objects")
    void theBodiesAreYourOwn() {
        // An untouched skeleton has no body at all: its TODO marks the exercise as not started.
        StatusErrors.notFound("", "configmaps", "cm-a");
        StatusErrors.classify("PUT", 409, GOLD_C1_2);
        OwnCode.assertDoesNotBorrow(StatusErrors.class, java.util.List.of("io/rvlab/ch02/api/Status",
                "io/rvlab/ch03/api/Conflicts", "io/rvlab/ch02/api/GroupResource", "io/rvlab/ch04/client/StatusErrors",
                "io/rvlab/ch03/client/"),
                "not hand it to the course's Status, Conflicts, StatusException or clients, which already build and read"
                + " these bodies");
    }
}
