package io.rvlab.ch03.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.api.FieldValidation.Decoded;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.wire.openapi.Definitions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("FieldValidation: decoding a body as Kubernetes' Go types do")
class FieldValidationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Decoded decode(String json, io.rvlab.ch02.registry.ResourceType type) throws Exception {
        return FieldValidation.decode((ObjectNode) JSON.readTree(json), Definitions.of(type));
    }

    @Test
    @DisplayName("unknown fields are listed in document order with their paths, and dropped from the object")
    void unknownFields() throws Exception {
        Decoded decoded = decode("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\",\"lables\":{}},"
                + "\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"a\",\"image\":\"nginx\"},"
                + "{\"name\":\"b\",\"imagePullPolcy\":\"Always\",\"resources\":{\"anything\":{}}}]}}},\"extra\":1}",
                ResourceTypes.DEPLOYMENTS);
        assertThat(decoded.unknownFields()).containsExactly("metadata.lables",
                "spec.template.spec.containers[1].imagePullPolcy", "extra");
        assertThat(decoded.strictError()).isEqualTo("strict decoding error: unknown field \"metadata.lables\", "
                + "unknown field \"spec.template.spec.containers[1].imagePullPolcy\", unknown field \"extra\"");
        assertThat(decoded.object().toString()).doesNotContain("lables", "imagePullPolcy", "extra").contains("anything");
        assertThat(decoded.typeError()).isNull();
    }

    @Test
    @DisplayName("map keys are free, field names are case-sensitive, null fits every type")
    void mapsAndCase() throws Exception {
        Decoded decoded = decode("{\"data\":{\"Any-Key\":\"v\"},\"Data\":{},\"binaryData\":null,\"metadata\":{\"labels\":null}}",
                ResourceTypes.CONFIGMAPS);
        assertThat(decoded.unknownFields()).containsExactly("Data");
        assertThat(decoded.typeError()).isNull();
    }

    @Test
    @DisplayName("a value of the wrong JSON type is Go's UnmarshalTypeError, naming the innermost struct and the path")
    void typeErrors() throws Exception {
        assertThat(decode("{\"data\":{\"a\":1}}", ResourceTypes.CONFIGMAPS).typeError())
                .isEqualTo("json: cannot unmarshal number into Go struct field ConfigMap.data of type string");
        assertThat(decode("{\"data\":\"x\"}", ResourceTypes.CONFIGMAPS).typeError())
                .isEqualTo("json: cannot unmarshal string into Go struct field ConfigMap.data of type map[string]string");
        assertThat(decode("{\"spec\":{\"replicas\":1.5}}", ResourceTypes.DEPLOYMENTS).typeError())
                .isEqualTo("json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32");
        assertThat(decode("{\"spec\":{\"replicas\":3000000000}}", ResourceTypes.DEPLOYMENTS).typeError())
                .startsWith("json: cannot unmarshal number 3000000000 into Go struct field DeploymentSpec.spec.replicas");
        assertThat(decode("{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":7}]}}}}", ResourceTypes.DEPLOYMENTS).typeError())
                .isEqualTo("json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.name of type string");
        assertThat(decode("{\"spec\":{\"replicas\":2,\"strategy\":{\"rollingUpdate\":{\"maxSurge\":\"25%\",\"maxUnavailable\":1}}}}",
                ResourceTypes.DEPLOYMENTS).typeError()).isNull();
    }

    @Test
    @DisplayName("fieldValidation takes \"\", Ignore, Warn and Strict; anything else is a 422 naming the options kind")
    void directives() {
        assertThat(Directive.of("", "CreateOptions")).isEqualTo(Directive.WARN);
        assertThat(Directive.of("Strict", "CreateOptions")).isEqualTo(Directive.STRICT);
        assertThat(Directive.of("Ignore", "CreateOptions")).isEqualTo(Directive.IGNORE);
        assertThatThrownBy(() -> Directive.of("strict", "PatchOptions"))
                .isInstanceOfSatisfying(StatusException.class, e -> {
                    assertThat(e.status().code()).isEqualTo(422);
                    assertThat(e.status().message()).isEqualTo("PatchOptions.meta.k8s.io \"\" is invalid: fieldValidation: "
                            + "Unsupported value: \"strict\": supported values: \"\", \"Ignore\", \"Strict\", \"Warn\"");
                });
    }
}
