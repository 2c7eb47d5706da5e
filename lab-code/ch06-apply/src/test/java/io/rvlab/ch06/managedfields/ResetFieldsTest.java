package io.rvlab.ch06.managedfields;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.registry.ServedTypes;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Reset fields (kube's GetResetFields)")
class ResetFieldsTest {

    @Test
    @DisplayName("of deployments: the main resource resets status; /status resets spec and metadata.labels")
    void deployments() {
        assertThat(ResetFields.of(ResourceTypes.DEPLOYMENTS, "")).isEqualTo(FieldSet.of(FieldPath.fields("status")));
        assertThat(ResetFields.of(ResourceTypes.DEPLOYMENTS, "status"))
                .isEqualTo(FieldSet.of(FieldPath.fields("spec"), FieldPath.fields("metadata", "labels")));
    }

    @Test
    @DisplayName("of configmaps: none")
    void configmaps() {
        assertThat(ResetFields.of(ResourceTypes.CONFIGMAPS, "").isEmpty()).isTrue();
    }

    @Test
    @DisplayName("of namespaces: the main resource resets status, /status resets spec")
    void namespaces() {
        assertThat(ResetFields.of(ResourceTypes.NAMESPACES, "")).isEqualTo(FieldSet.of(FieldPath.fields("status")));
        assertThat(ResetFields.of(ResourceTypes.NAMESPACES, "status")).isEqualTo(FieldSet.of(FieldPath.fields("spec")));
    }

    @Test
    @DisplayName("of the Foo custom resource: like a CR with /status, main resets status, /status resets spec")
    void foos() {
        assertThat(ResetFields.of(ServedTypes.FOOS, "")).isEqualTo(FieldSet.of(FieldPath.fields("status")));
        assertThat(ResetFields.of(ServedTypes.FOOS, "status")).isEqualTo(FieldSet.of(FieldPath.fields("spec")));
    }
}
