package io.rvlab.ch03.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.wire.openapi.Definitions;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("StrategicMergePatch: merge keys from the kind's schema")
class StrategicMergePatchTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String DEPLOYMENT = "{\"metadata\":{\"name\":\"web\",\"finalizers\":[\"a\"]},\"spec\":{\"replicas\":1,"
            + "\"template\":{\"spec\":{\"containers\":["
            + "{\"name\":\"app\",\"image\":\"nginx:1\",\"env\":[{\"name\":\"A\",\"value\":\"1\"},{\"name\":\"B\",\"value\":\"2\"}],"
            + "\"ports\":[{\"containerPort\":80},{\"containerPort\":443}],\"args\":[\"x\",\"y\"]},"
            + "{\"name\":\"sidecar\",\"image\":\"busybox\"}]}}}}";

    private static String apply(ResourceType type, String document, String patch) throws Exception {
        return StrategicMergePatch.parse(patch.getBytes(StandardCharsets.UTF_8), Definitions.of(type))
                .apply((ObjectNode) JSON.readTree(document)).toString();
    }

    private static String containers(String deployment) throws Exception {
        return JSON.readTree(deployment).path("spec").path("template").path("spec").path("containers").toString();
    }

    @Test
    @DisplayName("maps merge and null deletes, as in a merge patch")
    void maps() throws Exception {
        assertThat(apply(ResourceTypes.CONFIGMAPS, "{\"data\":{\"a\":\"1\",\"b\":\"2\"}}", "{\"data\":{\"a\":null,\"c\":\"3\"}}"))
                .isEqualTo("{\"data\":{\"b\":\"2\",\"c\":\"3\"}}");
    }

    @Test
    @DisplayName("containers merge by name, env by name, ports by containerPort; other lists are replaced")
    void mergeKeys() throws Exception {
        String patched = apply(ResourceTypes.DEPLOYMENTS, DEPLOYMENT, "{\"spec\":{\"template\":{\"spec\":{\"containers\":["
                + "{\"name\":\"app\",\"image\":\"nginx:2\",\"env\":[{\"name\":\"B\",\"value\":\"two\"},{\"name\":\"C\",\"value\":\"3\"}],"
                + "\"ports\":[{\"containerPort\":80,\"name\":\"http\"}],\"args\":[\"z\"]}]}}}}");
        assertThat(containers(patched)).isEqualTo("[{\"name\":\"app\",\"image\":\"nginx:2\",\"env\":[{\"name\":\"A\",\"value\":\"1\"},"
                + "{\"name\":\"B\",\"value\":\"two\"},{\"name\":\"C\",\"value\":\"3\"}],\"ports\":[{\"containerPort\":80,\"name\":\"http\"},"
                + "{\"containerPort\":443}],\"args\":[\"z\"]},{\"name\":\"sidecar\",\"image\":\"busybox\"}]");
        assertThat(JSON.readTree(patched).path("spec").path("replicas").asInt()).isEqualTo(1);
    }

    @Test
    @DisplayName("a new container is appended; $patch: delete removes one; $patch: replace replaces the list")
    void directives() throws Exception {
        assertThat(containers(apply(ResourceTypes.DEPLOYMENTS, DEPLOYMENT,
                "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"new\",\"image\":\"x\"}]}}}}")))
                .endsWith("{\"name\":\"sidecar\",\"image\":\"busybox\"},{\"name\":\"new\",\"image\":\"x\"}]");
        assertThat(containers(apply(ResourceTypes.DEPLOYMENTS, DEPLOYMENT,
                "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"app\",\"$patch\":\"delete\"}]}}}}")))
                .isEqualTo("[{\"name\":\"sidecar\",\"image\":\"busybox\"}]");
        assertThat(containers(apply(ResourceTypes.DEPLOYMENTS, DEPLOYMENT,
                "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"only\",\"image\":\"x\"},{\"$patch\":\"replace\"}]}}}}")))
                .isEqualTo("[{\"name\":\"only\",\"image\":\"x\"}]");
        assertThat(apply(ResourceTypes.CONFIGMAPS, "{\"data\":{\"a\":\"1\"}}", "{\"data\":{\"$patch\":\"replace\",\"b\":\"2\"}}"))
                .isEqualTo("{\"data\":{\"b\":\"2\"}}");
        assertThat(apply(ResourceTypes.CONFIGMAPS, "{\"data\":{\"a\":\"1\"},\"x\":1}", "{\"data\":{\"$patch\":\"delete\"}}"))
                .isEqualTo("{\"x\":1}");
    }

    @Test
    @DisplayName("finalizers merge as a set; $deleteFromPrimitiveList and $setElementOrder")
    void primitivesAndOrder() throws Exception {
        String patched = apply(ResourceTypes.DEPLOYMENTS, DEPLOYMENT, "{\"metadata\":{\"finalizers\":[\"b\",\"a\"]}}");
        assertThat(JSON.readTree(patched).path("metadata").path("finalizers").toString()).isEqualTo("[\"a\",\"b\"]");
        patched = apply(ResourceTypes.DEPLOYMENTS, DEPLOYMENT, "{\"metadata\":{\"$deleteFromPrimitiveList/finalizers\":[\"a\"]}}");
        assertThat(JSON.readTree(patched).path("metadata").path("finalizers").toString()).isEqualTo("[]");
        patched = apply(ResourceTypes.DEPLOYMENTS, DEPLOYMENT, "{\"spec\":{\"template\":{\"spec\":{"
                + "\"$setElementOrder/containers\":[{\"name\":\"sidecar\"},{\"name\":\"app\"}]}}}}");
        assertThat(containers(patched)).startsWith("[{\"name\":\"sidecar\"");
    }

    @Test
    @DisplayName("a merged list item without its merge key, or an unknown $patch, is a 400; the body must be an object")
    void malformed() {
        assertThatThrownBy(() -> apply(ResourceTypes.DEPLOYMENTS, DEPLOYMENT,
                "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"image\":\"x\"}]}}}}"))
                .isInstanceOfSatisfying(StatusException.class, e -> assertThat(e.status().message())
                        .isEqualTo("map: map[image:x] does not contain declared merge key: name"));
        assertThatThrownBy(() -> apply(ResourceTypes.CONFIGMAPS, "{}", "{\"data\":{\"$patch\":\"explode\"}}"))
                .isInstanceOfSatisfying(StatusException.class, e -> assertThat(e.status().code()).isEqualTo(400));
        assertThatThrownBy(() -> apply(ResourceTypes.CONFIGMAPS, "{}", "[]"))
                .isInstanceOfSatisfying(StatusException.class, e -> assertThat(e.status().message())
                        .isEqualTo("json: cannot unmarshal array into Go value of type map[string]interface {}"));
    }
}
