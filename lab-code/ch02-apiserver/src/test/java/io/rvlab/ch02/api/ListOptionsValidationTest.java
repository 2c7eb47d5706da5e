package io.rvlab.ch02.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("ListOptionsValidation: the 422s of the get/list table")
class ListOptionsValidationTest {

    private static List<String> errors(String rv, String match, String token, boolean sendInitialEvents) {
        return ListOptionsValidation.errors(rv, match, token, sendInitialEvents).stream().map(FieldError::toString).toList();
    }

    @Test
    @DisplayName("valid combinations have no errors")
    void valid() {
        assertThat(errors("", "", "", false)).isEmpty();
        assertThat(errors("0", "", "", false)).isEmpty();
        assertThat(errors("0", "NotOlderThan", "", false)).isEmpty();
        assertThat(errors("5", "Exact", "", false)).isEmpty();
        assertThat(errors("5", "NotOlderThan", "", false)).isEmpty();
        assertThat(errors("5", "", "token", false)).as("RV with continue is storage's 400, not a 422").isEmpty();
    }

    @Test
    @DisplayName("each rule, with Kubernetes' words (golden b3.9, b3.10, b3.11)")
    void rules() {
        assertThat(errors("", "NotOlderThan", "", false)).containsExactly(
                "resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided");
        assertThat(errors("0", "Exact", "", false)).containsExactly(
                "resourceVersionMatch: Forbidden: resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\"");
        assertThat(errors("79", "exact", "", false)).containsExactly(
                "resourceVersionMatch: Unsupported value: \"exact\": supported values: \"Exact\", \"NotOlderThan\", \"\"");
        assertThat(errors("5", "Exact", "t", false)).containsExactly(
                "resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided");
        assertThat(errors("", "", "", true)).containsExactly(
                "sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list");
        assertThat(errors("", "Exact", "t", true)).hasSize(3);
    }
}
