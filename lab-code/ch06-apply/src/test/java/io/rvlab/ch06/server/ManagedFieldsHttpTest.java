package io.rvlab.ch06.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch06.TestServer;
import io.rvlab.ch06.TestServer.Response;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Who wrote what, over HTTP: plain POST, PUT and PATCH record their manager (from {@code
 * ?fieldManager=} or the User-Agent, golden a1 and h1), an apply of a Deployment merges its
 * containers by name with another manager's, and an apply through /status is recorded with
 * {@code subresource: status}.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("managedFields over HTTP: every write names its manager")
class ManagedFieldsHttpTest {

    private final Client etcd;
    private TestServer server;
    private String namespace;

    ManagedFieldsHttpTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void start() {
        server = new TestServer(etcd);
        namespace = server.namespace("mf");
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private String configMaps() {
        return "/api/v1/namespaces/" + namespace + "/configmaps";
    }

    private String deployments() {
        return "/apis/apps/v1/namespaces/" + namespace + "/deployments";
    }

    /** A Deployment's apply configuration: its apiVersion, kind and name, then {@code fields} (spec, status) in YAML. */
    private static String deployment(String name, String fields) {
        return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: " + name + "\n" + fields;
    }

    /** A configuration that owns just one container of the pod template, by its name (the list's key). */
    private static String container(String name, String image) {
        return "spec:\n  template:\n    spec:\n      containers:\n      - name: " + name + "\n        image: " + image + "\n";
    }

    private static JsonNode entry(Response response, int index) {
        return response.managedFields().get(index);
    }

    private static List<String> managers(Response response) {
        List<String> managers = new ArrayList<>();
        response.managedFields().forEach(e -> managers.add(e.path("manager").asText() + "/" + e.path("operation").asText()
                + (e.has("subresource") ? "/" + e.path("subresource").asText() : "")));
        return managers;
    }

    @Test
    @DisplayName("a1: a POST by User-Agent golden-capture/1.0 is an Update by golden-capture of data.k and the label")
    void postRecordsUserAgent() {
        Response created = server.send("POST", configMaps(), "application/json",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-a\",\"labels\":{\"app\":\"lab\"}},\"data\":{\"k\":\"v1\"}}");
        assertThat(created.code()).as(created.body()).isEqualTo(201);
        assertThat(created.managedFields()).hasSize(1);
        JsonNode entry = entry(created, 0);
        assertThat(entry.path("manager").asText()).isEqualTo("golden-capture");
        assertThat(entry.path("operation").asText()).isEqualTo("Update");
        assertThat(entry.path("apiVersion").asText()).isEqualTo("v1");
        assertThat(entry.path("fieldsType").asText()).isEqualTo("FieldsV1");
        assertThat(entry.path("fieldsV1").toString())
                .isEqualTo("{\"f:data\":{\".\":{},\"f:k\":{}},\"f:metadata\":{\"f:labels\":{\".\":{},\"f:app\":{}}}}");
        assertThat(server.get(configMaps() + "/cm-a").managedFields()).isEqualTo(created.managedFields());
    }

    @Test
    @DisplayName("?fieldManager= names the manager of a POST, a PUT and a merge patch; else the User-Agent before its '/'")
    void fieldManagerParameter() {
        Response created = server.send("POST", configMaps() + "?fieldManager=creator", "application/json",
                "{\"metadata\":{\"name\":\"cm-b\"},\"data\":{\"a\":\"1\"}}");
        assertThat(managers(created)).containsExactly("creator/Update");
        JsonNode body = created.json();
        ((com.fasterxml.jackson.databind.node.ObjectNode) body.path("data")).put("b", "2");
        Response replaced = server.send("PUT", configMaps() + "/cm-b", "application/json", body.toString(),
                "my-tool/2.0 (linux/amd64)");
        assertThat(replaced.code()).as(replaced.body()).isEqualTo(200);
        assertThat(managers(replaced)).containsExactlyInAnyOrder("creator/Update", "my-tool/Update");
        Response patched = server.send("PATCH", configMaps() + "/cm-b?fieldManager=patcher", "application/merge-patch+json",
                "{\"data\":{\"a\":\"changed\"}}");
        assertThat(patched.code()).as(patched.body()).isEqualTo(200);
        assertThat(managers(patched)).contains("patcher/Update");
    }

    @Test
    @DisplayName("two managers apply one Deployment: containers merge by name, each manager owns its own container")
    void containersMergeByName() {
        String web = deployments() + "/web";
        Response first = server.apply(web, "?fieldManager=team-a", deployment("web", """
                spec:
                  replicas: 1
                  selector:
                    matchLabels: {app: web}
                  template:
                    metadata:
                      labels: {app: web}
                    spec:
                      containers:
                      - name: nginx
                        image: nginx:1.25
                """));
        assertThat(first.code()).as(first.body()).isEqualTo(201);
        Response second = server.apply(web, "?fieldManager=team-b", deployment("web", container("sidecar", "busybox:1.36")));
        assertThat(second.code()).as(second.body()).isEqualTo(200);
        JsonNode containers = second.json().path("spec").path("template").path("spec").path("containers");
        assertThat(containers.findValuesAsText("name")).containsExactlyInAnyOrder("nginx", "sidecar");
        assertThat(second.json().path("metadata").path("generation").asLong()).isEqualTo(2);
        String owned = second.managedFields().toString();
        assertThat(owned).contains("k:{\\\"name\\\":\\\"nginx\\\"}").contains("k:{\\\"name\\\":\\\"sidecar\\\"}");
        assertThat(managers(second)).containsExactly("team-a/Apply", "team-b/Apply");
        // team-b changing team-a's image conflicts, and names the path inside the keyed list
        Response conflict = server.apply(web, "?fieldManager=team-b", deployment("web", container("nginx", "nginx:1.26")));
        assertThat(conflict.code()).isEqualTo(409);
        assertThat(conflict.json().path("message").asText())
                .isEqualTo("Apply failed with 1 conflict: conflict with \"team-a\": .spec.template.spec.containers[name=\"nginx\"].image");
    }

    @Test
    @DisplayName("an apply through /status is recorded with subresource status, and leaves spec to the main resource")
    void statusApply() {
        String api = deployments() + "/status-web";
        Response created = server.apply(api, "?fieldManager=owner", deployment("status-web", """
                spec:
                  selector:
                    matchLabels: {app: s}
                  template:
                    metadata:
                      labels: {app: s}
                    spec:
                      containers:
                      - name: c
                        image: img:1
                """));
        assertThat(created.code()).as(created.body()).isEqualTo(201);
        Response status = server.apply(api + "/status", "?fieldManager=controller", deployment("status-web", """
                spec:
                  replicas: 7
                status:
                  replicas: 2
                  readyReplicas: 1
                """));
        assertThat(status.code()).as(status.body()).isEqualTo(200);
        assertThat(status.json().path("status").path("readyReplicas").asInt()).isEqualTo(1);
        assertThat(status.json().path("spec").path("replicas").asInt()).as("spec is not written through /status").isEqualTo(1);
        assertThat(managers(status)).contains("controller/Apply/status");
        JsonNode entry = null;
        for (JsonNode e : status.managedFields()) {
            if (e.path("manager").asText().equals("controller")) {
                entry = e;
            }
        }
        assertThat(entry.path("fieldsV1").has("f:status")).isTrue();
        assertThat(entry.path("fieldsV1").has("f:spec")).as("spec is reset on /status, so not owned").isFalse();
    }

    @Test
    @DisplayName("a 415 for an unknown patch type lists the apply type too, in Kubernetes' order")
    void unsupportedPatchType() {
        Response response = server.send("PATCH", configMaps() + "/whatever", "text/plain", "x");
        assertThat(response.code()).isEqualTo(415);
        assertThat(response.json().path("message").asText()).endsWith("application/json-patch+json, "
                + "application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml");
    }

    @Test
    @DisplayName("a JSON body is a YAML body: an apply in JSON creates the object")
    void jsonApply() {
        Response created = server.apply(configMaps() + "/cm-json", "?fieldManager=json",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-json\"},\"data\":{\"k\":\"v\"}}");
        assertThat(created.code()).as(created.body()).isEqualTo(201);
        assertThat(managers(created)).containsExactly("json/Apply");
    }
}
