package io.rvlab.ch06.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch06.TestServer;
import io.rvlab.ch06.TestServer.Response;
import io.rvlab.support.etcd.EtcdExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Golden transcript g1 (kube-apiserver 1.26.1) replayed over HTTP, step by step: status codes and
 * bodies. What differs between runs (uid, resourceVersion, creationTimestamp, the namespace) is
 * replaced before comparing; managedFields times are the transcript's (the server's clock is set).
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@DisplayName("golden g1 over HTTP: server-side apply on configmap cm-ssa")
class GoldenApplyHttpTest {

    private static final String ALICE = """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: cm-ssa
            data:
              color: red
              owner: alice
            """;
    private static final String BOB = """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: cm-ssa
            data:
              color: blue
            """;
    private static final String AFTER_FORCE = "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"cm-ssa\",\"namespace\":\"lab\",\"uid\":\"UID\",\"resourceVersion\":\"RV\",\"creationTimestamp\":\"CREATED\",\"managedFields\":[{\"manager\":\"alice\",\"operation\":\"Apply\",\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:17:16Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:owner\":{}}}},{\"manager\":\"bob\",\"operation\":\"Apply\",\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:17:16Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:color\":{}}}}]},\"data\":{\"color\":\"blue\",\"owner\":\"alice\"}}";

    private final Client etcd;
    private TestServer server;
    private String namespace;
    private String cm;
    private String createdRv;
    private String forcedRv;

    GoldenApplyHttpTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void start() {
        server = new TestServer(etcd);
        namespace = server.namespace("lab");
        cm = "/api/v1/namespaces/" + namespace + "/configmaps/cm-ssa";
        server.setTime("2026-11-22T21:17:16Z");
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** The body with what differs between runs replaced. */
    private String normalized(Response response) {
        return response.body()
                .replace("\"namespace\":\"" + namespace + "\"", "\"namespace\":\"lab\"")
                .replaceAll("\"uid\":\"[^\"]+\"", "\"uid\":\"UID\"")
                .replaceAll("\"resourceVersion\":\"[0-9]+\"", "\"resourceVersion\":\"RV\"")
                .replaceAll("\"creationTimestamp\":\"[^\"]+\"", "\"creationTimestamp\":\"CREATED\"");
    }

    @Test
    @Order(1)
    @DisplayName("g.1 alice's apply creates the object: 201, alice owns data.color and data.owner")
    void g1() {
        Response response = server.apply(cm, "?fieldManager=alice", ALICE);
        assertThat(response.code()).isEqualTo(201);
        assertThat(normalized(response)).isEqualTo("{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"cm-ssa\",\"namespace\":\"lab\",\"uid\":\"UID\",\"resourceVersion\":\"RV\",\"creationTimestamp\":\"CREATED\",\"managedFields\":[{\"manager\":\"alice\",\"operation\":\"Apply\",\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:17:16Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:color\":{},\"f:owner\":{}}}}]},\"data\":{\"color\":\"red\",\"owner\":\"alice\"}}");
        createdRv = response.rv();
    }

    @Test
    @Order(2)
    @DisplayName("g.2 bob applies another color without force: 409 with one FieldManagerConflict cause, byte for byte")
    void g2() {
        Response response = server.apply(cm, "?fieldManager=bob", BOB);
        assertThat(response.code()).isEqualTo(409);
        assertThat(response.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Apply failed with 1 conflict: conflict with \\\"alice\\\": .data.color\",\"reason\":\"Conflict\",\"details\":{\"causes\":[{\"reason\":\"FieldManagerConflict\",\"message\":\"conflict with \\\"alice\\\"\",\"field\":\".data.color\"}]},\"code\":409}");
        assertThat(server.get(cm).rv()).isEqualTo(createdRv);
    }

    @Test
    @Order(3)
    @DisplayName("g.3 bob forces: 200, bob owns data.color, alice keeps data.owner")
    void g3() {
        Response response = server.apply(cm, "?fieldManager=bob&force=true", BOB);
        assertThat(response.code()).isEqualTo(200);
        assertThat(normalized(response)).isEqualTo(AFTER_FORCE);
        forcedRv = response.rv();
        assertThat(Long.parseLong(forcedRv)).isGreaterThan(Long.parseLong(createdRv));
    }

    @Test
    @Order(4)
    @DisplayName("g.4 a GET shows the same managedFields")
    void g4() {
        Response response = server.get(cm);
        assertThat(response.code()).isEqualTo(200);
        assertThat(normalized(response)).isEqualTo(AFTER_FORCE);
        assertThat(response.rv()).isEqualTo(forcedRv);
    }

    @Test
    @Order(5)
    @DisplayName("g.5 bob re-applies the same: 200, nothing written, the resourceVersion stays")
    void g5() {
        server.setTime("2026-11-22T21:17:17Z"); // a no-op apply does not even move its manager's time
        Response response = server.apply(cm, "?fieldManager=bob", BOB);
        assertThat(response.code()).isEqualTo(200);
        assertThat(normalized(response)).isEqualTo(AFTER_FORCE);
        assertThat(response.rv()).isEqualTo(forcedRv);
    }

    @Test
    @Order(6)
    @DisplayName("g.6 alice re-applies color red: 409 naming bob")
    void g6() {
        Response response = server.apply(cm, "?fieldManager=alice", ALICE);
        assertThat(response.code()).isEqualTo(409);
        assertThat(response.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Apply failed with 1 conflict: conflict with \\\"bob\\\": .data.color\",\"reason\":\"Conflict\",\"details\":{\"causes\":[{\"reason\":\"FieldManagerConflict\",\"message\":\"conflict with \\\"bob\\\"\",\"field\":\".data.color\"}]},\"code\":409}");
    }

    @Test
    @Order(7)
    @DisplayName("g.7 alice stops applying data.owner: as its only owner she removes it")
    void g7() {
        Response response = server.apply(cm, "?fieldManager=alice", """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: cm-ssa
                data:
                  shape: round
                """);
        assertThat(response.code()).isEqualTo(200);
        assertThat(normalized(response)).isEqualTo("{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"cm-ssa\",\"namespace\":\"lab\",\"uid\":\"UID\",\"resourceVersion\":\"RV\",\"creationTimestamp\":\"CREATED\",\"managedFields\":[{\"manager\":\"bob\",\"operation\":\"Apply\",\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:17:16Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:color\":{}}}},{\"manager\":\"alice\",\"operation\":\"Apply\",\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:17:17Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:shape\":{}}}}]},\"data\":{\"color\":\"blue\",\"shape\":\"round\"}}");
    }

    @Test
    @Order(8)
    @DisplayName("g.8 a stale resourceVersion in the applied config: 409, the optimistic-lock message")
    void g8() {
        Response response = server.apply(cm, "?fieldManager=bob", """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: cm-ssa
                  resourceVersion: "%s"
                data:
                  color: green
                """.formatted(forcedRv));
        assertThat(response.code()).isEqualTo(409);
        assertThat(response.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot be fulfilled on configmaps \\\"cm-ssa\\\": the object has been modified; please apply your changes to the latest version and try again\",\"reason\":\"Conflict\",\"details\":{\"name\":\"cm-ssa\",\"kind\":\"configmaps\"},\"code\":409}");
    }

    @Test
    @Order(9)
    @DisplayName("g.9 an apply without fieldManager: 422 PatchOptions, byte for byte")
    void g9() {
        Response response = server.apply(cm, "", """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: cm-ssa
                data:
                  color: green
                """);
        assertThat(response.code()).isEqualTo(422);
        assertThat(response.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"PatchOptions.meta.k8s.io \\\"\\\" is invalid: fieldManager: Required value: is required for apply patch\",\"reason\":\"Invalid\",\"details\":{\"group\":\"meta.k8s.io\",\"kind\":\"PatchOptions\",\"causes\":[{\"reason\":\"FieldValueRequired\",\"message\":\"Required value: is required for apply patch\",\"field\":\"fieldManager\"}]},\"code\":422}");
    }

    @Test
    @Order(10)
    @DisplayName("g.10 carol's merge patch (an Update) takes data.color without conflict; bob's emptied entry disappears")
    void g10() {
        Response response = server.send("PATCH", cm + "?fieldManager=carol", "application/merge-patch+json",
                "{\"data\":{\"color\":\"purple\"}}");
        assertThat(response.code()).isEqualTo(200);
        assertThat(normalized(response)).isEqualTo("{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"cm-ssa\",\"namespace\":\"lab\",\"uid\":\"UID\",\"resourceVersion\":\"RV\",\"creationTimestamp\":\"CREATED\",\"managedFields\":[{\"manager\":\"alice\",\"operation\":\"Apply\",\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:17:17Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:shape\":{}}}},{\"manager\":\"carol\",\"operation\":\"Update\",\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:17:17Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:color\":{}}}}]},\"data\":{\"color\":\"purple\",\"shape\":\"round\"}}");
    }

    @Test
    @Order(11)
    @DisplayName("g.11 bob applies blue again: 409 naming carol, an Update manager, with its apiVersion")
    void g11() {
        Response response = server.apply(cm, "?fieldManager=bob", BOB);
        assertThat(response.code()).isEqualTo(409);
        assertThat(response.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Apply failed with 1 conflict: conflict with \\\"carol\\\" using v1: .data.color\",\"reason\":\"Conflict\",\"details\":{\"causes\":[{\"reason\":\"FieldManagerConflict\",\"message\":\"conflict with \\\"carol\\\" using v1\",\"field\":\".data.color\"}]},\"code\":409}");
    }
}
