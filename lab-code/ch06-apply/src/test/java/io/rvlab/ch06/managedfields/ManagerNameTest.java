package io.rvlab.ch06.managedfields;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rvlab.ch02.api.StatusException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The manager name")
class ManagerNameTest {

    @Test
    @DisplayName("is ?fieldManager= when given, else the User-Agent before its first '/' (golden a1: golden-capture)")
    void fromUserAgent() {
        assertThat(ManagerName.of("carol", "golden-capture/1.0")).isEqualTo("carol");
        assertThat(ManagerName.of(null, "golden-capture/1.0")).isEqualTo("golden-capture");
        assertThat(ManagerName.of("", "kubectl/v1.26.1 (linux/amd64) kubernetes/8f94681")).isEqualTo("kubectl");
        assertThat(ManagerName.of(null, null)).isEmpty();
    }

    @Test
    @DisplayName("from a User-Agent drops non-printable characters and stops at 128 bytes")
    void userAgentCleaned() {
        assertThat(ManagerName.of(null, "a\tb\u0001c/2")).isEqualTo("abc");
        assertThat(ManagerName.of(null, "x".repeat(200))).hasSize(128);
        assertThat(ManagerName.of(null, "é".repeat(100))).hasSize(64); // two bytes each
    }

    @Test
    @DisplayName("is required for apply: 422 exactly as golden g.9")
    void requiredForApply() {
        assertThatThrownBy(() -> ManagerName.validate("PatchOptions", null, true))
                .isInstanceOfSatisfying(StatusException.class, e -> assertThat(e.status().toString()).isEqualTo(
                        "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":"
                                + "\"PatchOptions.meta.k8s.io \\\"\\\" is invalid: fieldManager: Required value: is required for apply patch\","
                                + "\"reason\":\"Invalid\",\"details\":{\"group\":\"meta.k8s.io\",\"kind\":\"PatchOptions\",\"causes\":"
                                + "[{\"reason\":\"FieldValueRequired\",\"message\":\"Required value: is required for apply patch\","
                                + "\"field\":\"fieldManager\"}]},\"code\":422}"));
        assertThatCode(() -> ManagerName.validate("PatchOptions", null, false)).doesNotThrowAnyException();
        assertThatCode(() -> ManagerName.validate("CreateOptions", "alice", false)).doesNotThrowAnyException();
    }

    @Test
    @DisplayName("may not be longer than 128 bytes (Kubernetes 1.26's message)")
    void tooLong() {
        assertThatThrownBy(() -> ManagerName.validate("UpdateOptions", "m".repeat(129), false))
                .isInstanceOfSatisfying(StatusException.class, e -> {
                    assertThat(e.status().code()).isEqualTo(422);
                    assertThat(e.status().message()).isEqualTo(
                            "UpdateOptions.meta.k8s.io \"\" is invalid: fieldManager: Too long: must have at most 128 bytes");
                    assertThat(e.status().details().causes().get(0).reason()).isEqualTo("FieldValueTooLong");
                });
        assertThatCode(() -> ManagerName.validate("UpdateOptions", "m".repeat(128), false)).doesNotThrowAnyException();
    }

    @Test
    @DisplayName("may hold only printable characters: each other one is named with its byte position")
    void nonPrintable() {
        assertThatThrownBy(() -> ManagerName.validate("PatchOptions", "é\u0001", true))
                .hasMessage("PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Invalid value: \"é\\x01\": "
                        + "invalid character U+0001 (at position 2)");
    }

    @Test
    @DisplayName("force may not be given to a patch that is not an apply")
    void forceOnNonApply() {
        assertThatThrownBy(() -> ManagerName.validate("PatchOptions", "m", false, true))
                .hasMessage("PatchOptions.meta.k8s.io \"\" is invalid: force: Forbidden: may not be specified for non-apply patch");
        assertThatCode(() -> ManagerName.validate("PatchOptions", "m", true, true)).doesNotThrowAnyException();
    }

    @Test
    @DisplayName("several mistakes are listed together, in kube's order")
    void severalErrors() {
        assertThatThrownBy(() -> ManagerName.validate("PatchOptions", "", true, false))
                .hasMessageNotContaining("[");
        assertThatThrownBy(() -> ManagerName.validate("PatchOptions", "a\u0001" + "b".repeat(128), false, true))
                .hasMessage("PatchOptions.meta.k8s.io \"\" is invalid: [force: Forbidden: may not be specified for non-apply patch, "
                        + "fieldManager: Too long: must have at most 128 bytes, fieldManager: Invalid value: \"a\\x01"
                        + "b".repeat(128) + "\": invalid character U+0001 (at position 1)]");
    }
}
