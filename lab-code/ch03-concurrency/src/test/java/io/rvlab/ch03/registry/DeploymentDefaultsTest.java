package io.rvlab.ch03.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("DeploymentDefaults: what kube-apiserver 1.26 fills into a Deployment the client left out")
class DeploymentDefaultsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Golden h.1's request body. */
    private static final String H1_REQUEST = "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\","
            + "\"labels\":{\"app\":\"web\"}},\"spec\":{\"replicas\":1,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},"
            + "\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"c\","
            + "\"image\":\"example.invalid/img:1\"}]}}}}";

    /** Golden h.1's response: the spec kube-apiserver 1.26.1 stored, byte for byte. */
    private static final String H1_SPEC = "{\"replicas\":1,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":"
            + "{\"metadata\":{\"creationTimestamp\":null,\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"c\","
            + "\"image\":\"example.invalid/img:1\",\"resources\":{},\"terminationMessagePath\":\"/dev/termination-log\","
            + "\"terminationMessagePolicy\":\"File\",\"imagePullPolicy\":\"IfNotPresent\"}],\"restartPolicy\":\"Always\","
            + "\"terminationGracePeriodSeconds\":30,\"dnsPolicy\":\"ClusterFirst\",\"securityContext\":{},"
            + "\"schedulerName\":\"default-scheduler\"}},\"strategy\":{\"type\":\"RollingUpdate\",\"rollingUpdate\":"
            + "{\"maxUnavailable\":\"25%\",\"maxSurge\":\"25%\"}},\"revisionHistoryLimit\":10,\"progressDeadlineSeconds\":600}";

    private static ObjectNode defaulted(String json) throws Exception {
        ObjectNode deployment = (ObjectNode) JSON.readTree(json);
        DeploymentDefaults.apply(deployment);
        return deployment;
    }

    @Test
    @DisplayName("golden h.1: the spec of a minimal create comes back exactly as kube-apiserver stored it, in Go's field order")
    void goldenH1() throws Exception {
        assertThat(defaulted(H1_REQUEST).get("spec").toString()).isEqualTo(H1_SPEC);
    }

    @Test
    @DisplayName("defaulting twice is defaulting once: a stored object sent back unchanged is unchanged")
    void idempotent() throws Exception {
        ObjectNode once = defaulted(H1_REQUEST);
        ObjectNode twice = once.deepCopy();
        DeploymentDefaults.apply(twice);
        assertThat(twice.toString()).isEqualTo(once.toString());
    }

    @Test
    @DisplayName("what the client set is kept: replicas 0, Recreate (which gets no rollingUpdate), its own policies and grace period")
    void explicitValuesWin() throws Exception {
        JsonNode spec = defaulted("{\"spec\":{\"replicas\":0,\"strategy\":{\"type\":\"Recreate\"},\"revisionHistoryLimit\":0,"
                + "\"template\":{\"spec\":{\"restartPolicy\":\"Never\",\"terminationGracePeriodSeconds\":0,"
                + "\"containers\":[{\"name\":\"c\",\"image\":\"busybox\",\"imagePullPolicy\":\"Never\"}]}}}}").get("spec");
        assertThat(spec.path("replicas").asInt(-1)).isZero();
        assertThat(spec.path("strategy").toString()).isEqualTo("{\"type\":\"Recreate\"}");
        assertThat(spec.path("revisionHistoryLimit").asInt(-1)).isZero();
        JsonNode pod = spec.path("template").path("spec");
        assertThat(pod.path("restartPolicy").asText()).isEqualTo("Never");
        assertThat(pod.path("terminationGracePeriodSeconds").asInt(-1)).isZero();
        assertThat(pod.path("containers").get(0).path("imagePullPolicy").asText()).isEqualTo("Never");
    }

    @Test
    @DisplayName("null is Go's zero value, so it is defaulted like an absent field; a partial rollingUpdate gets the rest")
    void nullsAndPartialStructs() throws Exception {
        JsonNode spec = defaulted("{\"spec\":{\"replicas\":null,\"strategy\":{\"rollingUpdate\":{\"maxSurge\":1}},"
                + "\"template\":{\"metadata\":null,\"spec\":{\"dnsPolicy\":\"\",\"securityContext\":null,"
                + "\"containers\":[{\"name\":\"c\",\"image\":\"busybox\",\"resources\":null}]}}}}").get("spec");
        assertThat(spec.path("replicas").asInt()).isEqualTo(1);
        assertThat(spec.path("strategy").toString())
                .isEqualTo("{\"type\":\"RollingUpdate\",\"rollingUpdate\":{\"maxUnavailable\":\"25%\",\"maxSurge\":1}}");
        assertThat(spec.path("template").path("metadata").toString()).isEqualTo("{\"creationTimestamp\":null}");
        JsonNode pod = spec.path("template").path("spec");
        assertThat(pod.path("dnsPolicy").asText()).isEqualTo("ClusterFirst");
        assertThat(pod.path("securityContext").toString()).isEqualTo("{}");
        assertThat(pod.path("containers").get(0).path("resources").toString()).isEqualTo("{}");
    }

    @Test
    @DisplayName("init containers get the container defaults too; ports get protocol TCP, in ContainerPort's field order")
    void containersAndPorts() throws Exception {
        JsonNode pod = defaulted("{\"spec\":{\"template\":{\"spec\":{\"initContainers\":[{\"name\":\"init\",\"image\":\"busybox:latest\"}],"
                + "\"containers\":[{\"ports\":[{\"containerPort\":80,\"name\":\"http\"},{\"protocol\":\"UDP\",\"containerPort\":53}],"
                + "\"image\":\"nginx:1.25\",\"name\":\"web\"}]}}}}").path("spec").path("template").path("spec");
        assertThat(pod.path("initContainers").get(0).path("imagePullPolicy").asText()).isEqualTo("Always");
        assertThat(pod.path("initContainers").get(0).path("terminationMessagePolicy").asText()).isEqualTo("File");
        JsonNode web = pod.path("containers").get(0);
        assertThat(web.toString()).startsWith("{\"name\":\"web\",\"image\":\"nginx:1.25\",\"ports\":[");
        assertThat(web.path("ports").toString()).isEqualTo("[{\"name\":\"http\",\"containerPort\":80,\"protocol\":\"TCP\"},"
                + "{\"containerPort\":53,\"protocol\":\"UDP\"}]");
        assertThat(web.path("imagePullPolicy").asText()).isEqualTo("IfNotPresent");
    }

    @Test
    @DisplayName("a Deployment without a spec still gets one, as Go's struct always exists (validation is not this class's job)")
    void noSpec() throws Exception {
        ObjectNode deployment = defaulted("{\"kind\":\"Deployment\",\"status\":{},\"metadata\":{\"name\":\"x\"}}");
        assertThat(deployment.toString()).startsWith("{\"kind\":\"Deployment\",\"metadata\":{\"name\":\"x\"},\"spec\":{\"replicas\":1,");
        assertThat(deployment.toString()).endsWith(",\"status\":{}}");
    }
}
