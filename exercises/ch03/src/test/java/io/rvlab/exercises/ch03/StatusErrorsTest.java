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

    @Test
    @DisplayName("GOLD c1.2: a PUT with a stale resourceVersion")
    void staleUpdate() {
        assertThat(StatusErrors.staleUpdate("", "configmaps", "cm-a")).isEqualTo(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot"
                + " be fulfilled on configmaps \\\"cm-a\\\": the object has been modified; please apply your changes to the latest"
                + " version and try again\",\"reason\":\"Conflict\",\"details\":{\"name\":\"cm-a\",\"kind\":\"configmaps\"},\"code\":409}");
    }

    @Test
    @DisplayName("apps/v1: the group follows the resource in the message and comes between name and kind in details")
    void staleUpdateWithGroup() throws Exception {
        String body = StatusErrors.staleUpdate("apps", "deployments", "web");

        assertThat(body).isEqualTo(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot"
                + " be fulfilled on deployments.apps \\\"web\\\": the object has been modified; please apply your changes to the"
                + " latest version and try again\",\"reason\":\"Conflict\",\"details\":{\"name\":\"web\",\"group\":\"apps\","
                + "\"kind\":\"deployments\"},\"code\":409}");
        assertThat(new ObjectMapper().readTree(body).path("reason").asText()).as("valid JSON, reason Conflict").isEqualTo("Conflict");
    }

    @Test
    @DisplayName("GOLD c2.1 and c2.2: a DELETE precondition's conflict is built with the Kind")
    void deletePreconditionConflicts() {
        assertThat(StatusErrors.conflict("", "ConfigMap", "cm-del", "the ResourceVersion in the precondition (95) does not match"
                + " the ResourceVersion in record (96). The object might have been modified")).isEqualTo(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot"
                + " be fulfilled on ConfigMap \\\"cm-del\\\": the ResourceVersion in the precondition (95) does not match the"
                + " ResourceVersion in record (96). The object might have been modified\",\"reason\":\"Conflict\",\"details\":"
                + "{\"name\":\"cm-del\",\"kind\":\"ConfigMap\"},\"code\":409}");
        assertThat(StatusErrors.conflict("", "ConfigMap", "cm-del", "the UID in the precondition"
                + " (00000000-0000-0000-0000-000000000000) does not match the UID in record (e169eed2-dbe3-4f8e-802f-8862742d0406)."
                + " The object might have been deleted and then recreated")).isEqualTo(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot"
                + " be fulfilled on ConfigMap \\\"cm-del\\\": the UID in the precondition (00000000-0000-0000-0000-000000000000)"
                + " does not match the UID in record (e169eed2-dbe3-4f8e-802f-8862742d0406). The object might have been deleted"
                + " and then recreated\",\"reason\":\"Conflict\",\"details\":{\"name\":\"cm-del\",\"kind\":\"ConfigMap\"},\"code\":409}");
    }

    @Test
    @DisplayName("GOLD c2.7: a create of a taken name is AlreadyExists, a 409 that is not a Conflict")
    void alreadyExists() {
        assertThat(StatusErrors.alreadyExists("", "configmaps", "cm-b")).isEqualTo(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps"
                + " \\\"cm-b\\\" already exists\",\"reason\":\"AlreadyExists\",\"details\":{\"name\":\"cm-b\",\"kind\":\"configmaps\"},"
                + "\"code\":409}");
        assertThat(StatusErrors.alreadyExists("apps", "deployments", "web")).isEqualTo(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"deployments.apps"
                + " \\\"web\\\" already exists\",\"reason\":\"AlreadyExists\",\"details\":{\"name\":\"web\",\"group\":\"apps\","
                + "\"kind\":\"deployments\"},\"code\":409}");
    }

    @Test
    @DisplayName("GOLD c1.11 and c2.4: NotFound")
    void notFound() {
        assertThat(StatusErrors.notFound("", "configmaps", "cm-nope")).isEqualTo(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps"
                + " \\\"cm-nope\\\" not found\",\"reason\":\"NotFound\",\"details\":{\"name\":\"cm-nope\",\"kind\":\"configmaps\"},"
                + "\"code\":404}");
        assertThat(StatusErrors.notFound("", "configmaps", "cm-del")).isEqualTo(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps"
                + " \\\"cm-del\\\" not found\",\"reason\":\"NotFound\",\"details\":{\"name\":\"cm-del\",\"kind\":\"configmaps\"},"
                + "\"code\":404}");
    }
}
