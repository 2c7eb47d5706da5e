package io.rvlab.exercises.ch03;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Grading tests for exercise 3.6 (the Status bodies of write errors). The expected bodies are the
 * ones a real kube-apiserver sent in the golden captures c1 and c2, copied byte for byte (without
 * the final newline, which the HTTP layer adds). The apps/v1 variants are not in a capture; they
 * follow apimachinery's rules, with the field order of GOLD h.11's details.
 */
@DisplayName("3.6 Status bodies of write errors")
class StatusErrorsTest {

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
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot"
                + " be fulfilled on configmaps \\\"cm-a\\\": the object has been modified; please apply your changes to the latest"
                + " version and try again\",\"reason\":\"Conflict\",\"details\":{\"name\":\"cm-a\",\"kind\":\"configmaps\"},\"code\":409}");
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
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot"
                + " be fulfilled on ConfigMap \\\"cm-del\\\": the ResourceVersion in the precondition (95) does not match the"
                + " ResourceVersion in record (96). The object might have been modified\",\"reason\":\"Conflict\",\"details\":"
                + "{\"name\":\"cm-del\",\"kind\":\"ConfigMap\"},\"code\":409}");
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
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps"
                + " \\\"cm-b\\\" already exists\",\"reason\":\"AlreadyExists\",\"details\":{\"name\":\"cm-b\",\"kind\":\"configmaps\"},"
                + "\"code\":409}");
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
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps"
                + " \\\"cm-nope\\\" not found\",\"reason\":\"NotFound\",\"details\":{\"name\":\"cm-nope\",\"kind\":\"configmaps\"},"
                + "\"code\":404}");
        assertBody("the 404 NotFound for configmaps cm-del (GOLD c2.4)",
                StatusErrors.notFound("", "configmaps", "cm-del"),
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps"
                + " \\\"cm-del\\\" not found\",\"reason\":\"NotFound\",\"details\":{\"name\":\"cm-del\",\"kind\":\"configmaps\"},"
                + "\"code\":404}");
    }

    @Test
    @DisplayName("the bodies are yours: they are not the chapter 2 and 3 servers' own Status objects")
    void theBodiesAreYourOwn() {
        // An untouched skeleton has no body at all: its TODO marks the exercise as not started.
        StatusErrors.notFound("", "configmaps", "cm-a");
        OwnCode.assertDoesNotBorrow(StatusErrors.class, java.util.List.of("io/rvlab/ch02/api/Status",
                "io/rvlab/ch03/api/Conflicts", "io/rvlab/ch02/api/GroupResource"),
                "not hand it to the course servers' Status, Conflicts or StatusException, which already build these bodies");
    }
}
