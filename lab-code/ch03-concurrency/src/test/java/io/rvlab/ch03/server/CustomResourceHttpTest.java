package io.rvlab.ch03.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch03.support.Http.Response;
import io.rvlab.ch03.support.Http;
import io.rvlab.ch03.support.ServerOnEtcd;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The custom resource rvlab.io/v1 Foo over HTTP: served as kube-apiserver serves a
 * CustomResourceDefinition's objects, so a PUT without a resourceVersion is a 422 (apiextensions-apiserver's
 * registry/customresource/strategy.go: AllowUnconditionalUpdate is false), which no built-in kind of this
 * server gives.
 */
@DisplayName("a custom resource, rvlab.io/v1 Foo: discovery, OpenAPI, and an update that must carry a resourceVersion")
class CustomResourceHttpTest extends ServerOnEtcd {

    CustomResourceHttpTest(Client client) {
        super(client);
    }

    private static String foo(String name, String resourceVersion, String bar) {
        return "{\"apiVersion\":\"rvlab.io/v1\",\"kind\":\"Foo\",\"metadata\":{\"name\":\"" + name + "\""
                + (resourceVersion == null ? "" : ",\"resourceVersion\":\"" + resourceVersion + "\"")
                + "},\"spec\":{\"bar\":\"" + bar + "\",\"baz\":\"0\"}}";
    }

    private long etcdRevision() {
        return Await.result(client.getKVClient().get(Bytes.bytes("/rvlab-none"))).getHeader().getRevision();
    }

    // tag::must-be-specified[]
    @Test
    @DisplayName("PUT without a resourceVersion, or with \"0\": 422 Invalid, naming the resource (foos) where the kind belongs")
    void putWithoutResourceVersion() {
        String ns = http.namespace("foo-422");
        String foos = "/apis/rvlab.io/v1/namespaces/" + ns + "/foos";
        assertThat(http.json("POST", foos, foo("foo-a", null, "0")).code()).isEqualTo(201);
        long before = etcdRevision();

        String invalid = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"foos.rvlab.io \\\"foo-a\\\" is invalid: metadata.resourceVersion: Invalid value: 0: "
                + "must be specified for an update\",\"reason\":\"Invalid\",\"details\":{\"name\":\"foo-a\","
                + "\"group\":\"rvlab.io\",\"kind\":\"foos\",\"causes\":[{\"reason\":\"FieldValueInvalid\","
                + "\"message\":\"Invalid value: 0: must be specified for an update\",\"field\":\"metadata.resourceVersion\"}]},"
                + "\"code\":422}";
        Response without = http.json("PUT", foos + "/foo-a", foo("foo-a", null, "A"));
        assertThat(without.code()).isEqualTo(422);
        assertThat(without.body()).isEqualTo(invalid);
        Response zero = http.json("PUT", foos + "/foo-a", foo("foo-a", "0", "A"));
        assertThat(zero.code()).isEqualTo(422);
        assertThat(zero.body()).isEqualTo(invalid);
        Response status = http.json("PUT", foos + "/foo-a/status", foo("foo-a", null, "A"));
        assertThat(status.code()).as("/status has the same rule").isEqualTo(422);
        assertThat(etcdRevision()).as("nothing was written").isEqualTo(before);
    }
    // end::must-be-specified[]

    @Test
    @DisplayName("PUT with the current resourceVersion: 200; with a stale one: 409 on foos.rvlab.io; on a missing name: 404")
    void putWithResourceVersion() {
        String ns = http.namespace("foo-put");
        String foos = "/apis/rvlab.io/v1/namespaces/" + ns + "/foos";
        Response created = http.json("POST", foos, foo("foo-a", null, "0"));
        Response updated = http.json("PUT", foos + "/foo-a", foo("foo-a", created.rv(), "A"));
        assertThat(updated.code()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().path("spec").path("bar").asText()).isEqualTo("A");

        Response stale = http.json("PUT", foos + "/foo-a", foo("foo-a", created.rv(), "B"));
        assertThat(stale.code()).isEqualTo(409);
        assertThat(stale.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"Operation cannot be fulfilled on foos.rvlab.io \\\"foo-a\\\": the object has been modified; "
                + "please apply your changes to the latest version and try again\",\"reason\":\"Conflict\",\"details\":"
                + "{\"name\":\"foo-a\",\"group\":\"rvlab.io\",\"kind\":\"foos\"},\"code\":409}");

        Response missing = http.json("PUT", foos + "/nope", foo("nope", "5", "A"));
        assertThat(missing.code()).as("no create on update").isEqualTo(404);
        assertThat(missing.json().path("message").asText()).isEqualTo("foos.rvlab.io \"nope\" not found");

        Response patched = http.send("PATCH", foos + "/foo-a", "application/merge-patch+json", "{\"spec\":{\"baz\":\"B\"}}");
        assertThat(patched.code()).as("a patch carries the stored resourceVersion: " + patched.body()).isEqualTo(200);
        assertThat(patched.json().path("spec").toString()).isEqualTo("{\"bar\":\"A\",\"baz\":\"B\"}");
    }

    @Test
    @DisplayName("generation: 1 on create, +1 for any change outside metadata, not for labels; status only through /status")
    void generationAndStatus() {
        String ns = http.namespace("foo-gen");
        String foo = "/apis/rvlab.io/v1/namespaces/" + ns + "/foos/foo-a";
        Response created = http.json("POST", "/apis/rvlab.io/v1/namespaces/" + ns + "/foos",
                "{\"apiVersion\":\"rvlab.io/v1\",\"kind\":\"Foo\",\"metadata\":{\"name\":\"foo-a\"},\"spec\":{\"bar\":\"0\"},"
                        + "\"status\":{\"seen\":1}}");
        assertThat(created.code()).as(created.body()).isEqualTo(201);
        assertThat(created.json().path("metadata").path("generation").asLong()).isEqualTo(1);
        assertThat(created.json().has("status")).as("create cannot set status").isFalse();

        Response spec = merge(foo, "{\"spec\":{\"bar\":\"A\"}}");
        assertThat(spec.json().path("metadata").path("generation").asLong()).isEqualTo(2);
        Response labels = merge(foo, "{\"metadata\":{\"labels\":{\"tier\":\"x\"},\"annotations\":{\"note\":\"y\"}}}");
        assertThat(labels.json().path("metadata").path("generation").asLong()).as("metadata is not desired state").isEqualTo(2);
        Response statusToMain = merge(foo, "{\"status\":{\"seen\":2}}");
        assertThat(statusToMain.json().has("status")).isFalse();
        assertThat(statusToMain.rv()).as("ignored, nothing written").isEqualTo(labels.rv());

        Response status = merge(foo + "/status", "{\"metadata\":{\"labels\":{\"tier\":\"ignored\"}},\"spec\":{\"bar\":\"ignored\"},"
                + "\"status\":{\"seen\":3}}");
        assertThat(status.code()).as(status.body()).isEqualTo(200);
        assertThat(status.json().path("status").toString()).isEqualTo("{\"seen\":3}");
        assertThat(status.json().path("spec").path("bar").asText()).isEqualTo("A");
        assertThat(status.json().path("metadata").path("labels").path("tier").asText()).isEqualTo("x");
        assertThat(status.json().path("metadata").path("generation").asLong()).isEqualTo(2);
        Response kept = merge(foo, "{\"spec\":{\"baz\":\"B\"}}");
        assertThat(kept.json().path("status").toString()).as("the main resource keeps the status").isEqualTo("{\"seen\":3}");
        assertThat(kept.json().path("metadata").path("generation").asLong()).isEqualTo(3);
    }

    private Response merge(String path, String patch) {
        return http.send("PATCH", path, "application/merge-patch+json", patch);
    }

    @Test
    @DisplayName("discovery: /apis lists rvlab.io, /apis/rvlab.io its version, /apis/rvlab.io/v1 foos and foos/status")
    void discovery() {
        List<String> groups = new ArrayList<>();
        http.send("GET", "/apis", null, null).json().path("groups").forEach(g -> groups.add(g.path("name").asText()));
        assertThat(groups).containsExactly("apps", "rvlab.io");
        assertThat(http.send("GET", "/apis/rvlab.io", null, null).body()).isEqualTo("{\"kind\":\"APIGroup\",\"apiVersion\":\"v1\","
                + "\"name\":\"rvlab.io\",\"versions\":[{\"groupVersion\":\"rvlab.io/v1\",\"version\":\"v1\"}],"
                + "\"preferredVersion\":{\"groupVersion\":\"rvlab.io/v1\",\"version\":\"v1\"}}");
        JsonNode resources = http.send("GET", "/apis/rvlab.io/v1", null, null).json();
        assertThat(resources.path("groupVersion").asText()).isEqualTo("rvlab.io/v1");
        assertThat(resources.path("resources").get(0).toString()).isEqualTo("{\"name\":\"foos\",\"singularName\":\"foo\","
                + "\"namespaced\":true,\"kind\":\"Foo\",\"verbs\":[\"create\",\"delete\",\"get\",\"list\",\"patch\",\"update\"]}");
        assertThat(resources.path("resources").get(1).path("name").asText()).isEqualTo("foos/status");
        assertThat(http.send("GET", "/", null, null).json().path("paths").toString()).contains("\"/apis/rvlab.io/v1\"");
    }

    @Test
    @DisplayName("OpenAPI v3: a document for rvlab.io/v1 with Foo's schema, and a PATCH kubectl recognises")
    void openApi() {
        JsonNode index = http.send("GET", "/openapi/v3", null, null).json();
        String url = index.path("paths").path("apis/rvlab.io/v1").path("serverRelativeURL").asText();
        assertThat(url).startsWith("/openapi/v3/apis/rvlab.io/v1?hash=");
        JsonNode document = http.send("GET", url, null, null).json();
        JsonNode schemas = document.path("components").path("schemas");
        assertThat(schemas.path("io.rvlab.v1.Foo").path("x-kubernetes-group-version-kind").toString())
                .isEqualTo("[{\"group\":\"rvlab.io\",\"kind\":\"Foo\",\"version\":\"v1\"}]");
        assertThat(schemas.path("io.rvlab.v1.FooSpec").path("properties").path("bar").path("type").asText()).isEqualTo("string");
        JsonNode patch = document.path("paths").path("/apis/rvlab.io/v1/namespaces/{namespace}/foos/{name}").path("patch");
        assertThat(patch.path("x-kubernetes-group-version-kind").path("kind").asText()).isEqualTo("Foo");
        assertThat(patch.path("parameters").findValuesAsText("name")).contains("fieldValidation");
    }

    @Test
    @DisplayName("kubectl get's Table: NAME and AGE, as for a custom resource without printer columns")
    void table() {
        String ns = http.namespace("foo-table");
        http.json("POST", "/apis/rvlab.io/v1/namespaces/" + ns + "/foos", foo("foo-a", null, "0"));
        JsonNode table = http.send("GET", "/apis/rvlab.io/v1/namespaces/" + ns + "/foos", null, null,
                "application/json;as=Table;v=v1;g=meta.k8s.io,application/json").json();
        assertThat(table.path("kind").asText()).isEqualTo("Table");
        assertThat(table.path("columnDefinitions").findValuesAsText("name")).containsExactly("Name", "Age");
        assertThat(table.path("rows").get(0).path("cells").get(0).asText()).isEqualTo("foo-a");
    }
}
