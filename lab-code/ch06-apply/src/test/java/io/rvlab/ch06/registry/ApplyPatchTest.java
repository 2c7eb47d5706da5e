package io.rvlab.ch06.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch03.api.FieldValidation.Directive;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Apply bodies: one YAML (or JSON) object; anything else is a 400 in Kubernetes' words. */
@DisplayName("ApplyPatch: the body of an apply patch")
class ApplyPatchTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String refusal(String body, Directive validation) {
        try {
            ApplyPatch.parse(bytes(body), validation);
        } catch (StatusException e) {
            assertThat(e.status().code()).isEqualTo(400);
            assertThat(e.status().reason()).isEqualTo("BadRequest");
            return e.status().message();
        }
        throw new AssertionError("accepted: " + body);
    }

    @Test
    @DisplayName("YAML and JSON bodies give the same object, numbers and strings as YAML types them")
    void yamlAndJson() {
        String yaml = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  paused: true\n"
                + "  template:\n    metadata:\n      labels: {app: web}\n";
        String json = "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\"},"
                + "\"spec\":{\"replicas\":3,\"paused\":true,\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}}}}}";
        assertThat(ApplyPatch.parse(bytes(yaml), Directive.WARN)).isEqualTo(ApplyPatch.parse(bytes(json), Directive.WARN));
        assertThat(ApplyPatch.parse(bytes(yaml), Directive.WARN).path("spec").path("replicas").isInt()).isTrue();
        assertThat(ApplyPatch.parse(bytes("data:\n  v: \"3\"\n"), Directive.WARN).path("data").path("v").isTextual()).isTrue();
    }

    @Test
    @DisplayName("an empty body is an empty object (the field manager then refuses its missing apiVersion)")
    void empty() {
        assertThat(ApplyPatch.parse(bytes(""), Directive.WARN)).isEmpty();
        assertThat(ApplyPatch.parse(bytes("---\n"), Directive.WARN)).isEmpty();
    }

    @Test
    @DisplayName("malformed YAML: 400 error decoding YAML with the line")
    void malformed() {
        assertThat(refusal("a: b\n c: d\n", Directive.WARN)).startsWith("error decoding YAML: error converting YAML to JSON: yaml: line ");
        assertThat(refusal("a: [b\n", Directive.WARN)).startsWith("error decoding YAML: ");
        assertThat(refusal("{\"a\": ", Directive.WARN)).startsWith("error decoding YAML: ");
    }

    @Test
    @DisplayName("anything but one object: 400 as Go decoding into map[string]interface{}")
    void notAnObject() {
        assertThat(refusal("[1, 2]", Directive.WARN)).isEqualTo("error decoding YAML: error unmarshaling JSON: while decoding JSON: "
                + "json: cannot unmarshal array into Go value of type map[string]interface {}");
        assertThat(refusal("- a\n", Directive.WARN)).contains("cannot unmarshal array");
        assertThat(refusal("42\n", Directive.WARN)).contains("cannot unmarshal number");
        assertThat(refusal("a: 1\n---\nb: 2\n", Directive.WARN)).contains("2 YAML documents");
    }

    @Test
    @DisplayName("a duplicated key: the last wins, except under Strict, which refuses it")
    void duplicates() {
        assertThat(ApplyPatch.parse(bytes("a: 1\na: 2\n"), Directive.WARN).path("a").asInt()).isEqualTo(2);
        assertThat(refusal("a: 1\na: 2\n", Directive.STRICT)).isEqualTo("error strict decoding YAML: error converting YAML to JSON: "
                + "yaml: unmarshal errors:\n  line 2: key \"a\" already set in map");
    }
}
