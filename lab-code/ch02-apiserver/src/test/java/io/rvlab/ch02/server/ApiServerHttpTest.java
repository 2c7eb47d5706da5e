package io.rvlab.ch02.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.storage.ContinueToken;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.support.Http;
import io.rvlab.ch02.support.Objects;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The API server over HTTP, on the shared etcd, compared with the golden transcripts of a real
 * kube-apiserver (conformance/golden/): response shapes field by field, Status bodies byte for byte (names changed), and
 * the HTTP framing.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("ApiServer over HTTP, compared with kube-apiserver's transcripts")
class ApiServerHttpTest {

    private final Client client;
    private final ApiServer server;
    private final Http http;

    ApiServerHttpTest(Client client) {
        this.client = client;
        this.server = ApiServer.start(new EtcdStorage(client), "127.0.0.1", 0);
        this.http = new Http(server.url());
    }

    @AfterAll
    void stop() {
        server.close();
    }

    private String namespace(String prefix) {
        String name = Objects.uniqueNamespace(prefix);
        Http.Response created = http.post("/api/v1/namespaces", Objects.namespace(name).toString());
        assertThat(created.code()).as(created.body()).isEqualTo(201);
        return name;
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String status(String message, String reason, String details, int code) {
        return "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"" + message
                + "\",\"reason\":\"" + reason + "\"" + (details == null ? "" : ",\"details\":" + details) + ",\"code\":" + code + "}\n";
    }

    @Test
    @DisplayName("a body over 3 MiB is a 413 Status, and the client receives it (the rest of the body is read first)")
    void tooLargeBody() {
        String ns = namespace("big");
        String big = "{\"metadata\":{\"name\":\"big\"},\"data\":{\"k\":\"" + "x".repeat(4 * 1024 * 1024) + "\"}}";
        for (int i = 0; i < 3; i++) {
            Http.Response response = http.post("/api/v1/namespaces/" + ns + "/configmaps", big);
            assertThat(response.code()).isEqualTo(413);
            assertThat(response.body()).isEqualTo(status("Request entity too large: limit is 3145728", "RequestEntityTooLarge", null, 413));
        }
    }

    @Test
    @DisplayName("discovery: /version, /api, /api/v1, /apis, /apis/apps, /apis/apps/v1 describe the served resources to kubectl")
    void discovery() {
        assertThat(http.get("/version").json().path("gitVersion").asText()).isEqualTo("v1.26.1-rvlab");
        JsonNode api = http.get("/api").json();
        assertThat(api.path("kind").asText()).isEqualTo("APIVersions");
        assertThat(api.path("versions").toString()).isEqualTo("[\"v1\"]");

        JsonNode core = http.get("/api/v1").json();
        assertThat(fieldNames(core)).as("no apiVersion for the core group's list").containsExactly("kind", "groupVersion", "resources");
        assertThat(core.path("resources").findValuesAsText("name")).containsExactly("configmaps", "namespaces");
        JsonNode cm = core.path("resources").get(0);
        assertThat(fieldNames(cm)).containsExactly("name", "singularName", "namespaced", "kind", "verbs", "shortNames");
        assertThat(cm.toString()).isEqualTo("{\"name\":\"configmaps\",\"singularName\":\"configmap\",\"namespaced\":true,"
                + "\"kind\":\"ConfigMap\",\"verbs\":[\"create\",\"get\",\"list\"],\"shortNames\":[\"cm\"]}");
        assertThat(core.path("resources").get(1).path("namespaced").asBoolean()).isFalse();
        assertThat(core.path("resources").get(1).path("shortNames").get(0).asText()).isEqualTo("ns");

        JsonNode groups = http.get("/apis").json();
        assertThat(groups.toString()).isEqualTo("{\"kind\":\"APIGroupList\",\"apiVersion\":\"v1\",\"groups\":[{\"name\":\"apps\","
                + "\"versions\":[{\"groupVersion\":\"apps/v1\",\"version\":\"v1\"}],"
                + "\"preferredVersion\":{\"groupVersion\":\"apps/v1\",\"version\":\"v1\"}}]}");
        assertThat(http.get("/apis/apps").json().path("kind").asText()).isEqualTo("APIGroup");
        JsonNode apps = http.get("/apis/apps/v1").json();
        assertThat(apps.path("apiVersion").asText()).isEqualTo("v1");
        assertThat(apps.path("resources").findValuesAsText("name")).containsExactly("deployments", "deployments/status");
        assertThat(apps.path("resources").get(0).path("shortNames").get(0).asText()).isEqualTo("deploy");
        assertThat(apps.path("resources").get(0).path("categories").get(0).asText()).isEqualTo("all");

        String notFound = status("the server could not find the requested resource", "NotFound", "{}", 404);
        for (String path : new String[] {"/openapi/v2", "/openapi/v3", "/nope", "/api/v2", "/apis/batch", "/apis/apps/v2",
                "/api/v1/pods", "/api/v1/namespaces/default/pods", "/api/v1/configmaps/x", "/api/v1/namespaces/default/configmaps/x/status"}) {
            Http.Response response = http.get(path);
            assertThat(response.code()).as(path).isEqualTo(404);
            assertThat(response.body()).as(path).isEqualTo(notFound);
        }
        assertThat(http.get("/healthz").body()).isEqualTo("ok");
    }

    @Test
    @DisplayName("create: 201 with golden a1's shape; the resourceVersion is the key's mod_revision in etcd; GET returns the same object")
    void createAndGet() {
        String ns = namespace("http");
        Http.Response created = http.post("/api/v1/namespaces/" + ns + "/configmaps",
                Objects.configMap("cm-a", Map.of("app", "lab"), Map.of("k", "v1")).toString());
        assertThat(created.code()).isEqualTo(201);
        assertThat(created.header("Content-Type")).isEqualTo("application/json");
        assertThat(created.header("Content-Length")).isEqualTo(Integer.toString(created.body().length()));
        assertThat(created.body()).endsWith("}\n").doesNotEndWith("\n\n");
        JsonNode cm = created.json();
        assertThat(fieldNames(cm)).containsExactly("kind", "apiVersion", "metadata", "data");
        assertThat(fieldNames(cm.path("metadata")))
                .containsExactly("name", "namespace", "uid", "resourceVersion", "creationTimestamp", "labels");
        assertThat(cm.path("metadata").path("namespace").asText()).isEqualTo(ns);
        assertThat(cm.path("metadata").path("uid").asText()).matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
        assertThat(cm.path("metadata").path("creationTimestamp").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(cm.has("generation")).isFalse();

        KeyValue kv = Await.result(client.getKVClient().get(Bytes.bytes("/registry/configmaps/" + ns + "/cm-a"))).getKvs().get(0);
        assertThat(cm.path("metadata").path("resourceVersion").asText()).isEqualTo(Long.toString(kv.getModRevision()));
        assertThat(Bytes.text(kv.getValue())).doesNotContain("resourceVersion");

        Http.Response got = http.get("/api/v1/namespaces/" + ns + "/configmaps/cm-a");
        assertThat(got.code()).isEqualTo(200);
        assertThat(got.body()).isEqualTo(created.body());
    }

    @Test
    @DisplayName("list: golden b1's shape (ConfigMapList, metadata.resourceVersion, items without kind/apiVersion), in one namespace and across all")
    void list() {
        String ns = namespace("list");
        for (String name : new String[] {"cm-a", "cm-b", "cm-c"}) {
            http.post("/api/v1/namespaces/" + ns + "/configmaps", Objects.configMap(name, Map.of("app", ns), Map.of("k", "v")).toString());
        }
        JsonNode list = http.get("/api/v1/namespaces/" + ns + "/configmaps").json();
        assertThat(fieldNames(list)).containsExactly("kind", "apiVersion", "metadata", "items");
        assertThat(list.path("kind").asText()).isEqualTo("ConfigMapList");
        assertThat(fieldNames(list.path("metadata"))).containsExactly("resourceVersion");
        assertThat(list.path("items").findValuesAsText("name")).containsExactly("cm-a", "cm-b", "cm-c");
        for (JsonNode item : list.path("items")) {
            assertThat(fieldNames(item)).containsExactly("metadata", "data");
        }
        long listRv = list.path("metadata").path("resourceVersion").asLong();
        assertThat(StreamSupport.stream(list.path("items").spliterator(), false)
                .mapToLong(i -> i.path("metadata").path("resourceVersion").asLong()).max().orElseThrow())
                .isLessThanOrEqualTo(listRv);
        JsonNode everywhere = http.get("/api/v1/configmaps?labelSelector=app%3D" + ns).json();
        assertThat(everywhere.path("items").findValuesAsText("name")).containsExactly("cm-a", "cm-b", "cm-c");
        assertThat(http.get("/api/v1/configmaps?labelSelector=app!%3D" + ns + ",app").json().path("items").findValuesAsText("name"))
                .doesNotContain("cm-a");
        assertThat(http.get("/api/v1/namespaces/" + ns + "/configmaps?fieldSelector=metadata.name%3Dcm-b").json()
                .path("items").findValuesAsText("name")).containsExactly("cm-b");
        JsonNode empty = http.get("/api/v1/namespaces/" + ns + "/configmaps?labelSelector=nothing").json();
        assertThat(empty.path("items").toString()).isEqualTo("[]");
    }

    @Test
    @DisplayName("paging: golden b3's shape (continue, remainingItemCount), the same resourceVersion on every page, none on the last")
    void paging() {
        String ns = namespace("page");
        for (String name : new String[] {"cm-a", "cm-b", "cm-c"}) {
            http.post("/api/v1/namespaces/" + ns + "/configmaps", Objects.configMap(name).toString());
        }
        JsonNode page1 = http.get("/api/v1/namespaces/" + ns + "/configmaps?limit=1").json();
        assertThat(fieldNames(page1.path("metadata"))).containsExactly("resourceVersion", "continue", "remainingItemCount");
        assertThat(page1.path("metadata").path("remainingItemCount").asLong()).isEqualTo(2);
        String rv = page1.path("metadata").path("resourceVersion").asText();
        assertThat(ContinueToken.decode(page1.path("metadata").path("continue").asText()))
                .isEqualTo(new ContinueToken(Long.parseLong(rv), "cm-a\u0000"));
        http.post("/api/v1/namespaces/" + ns + "/configmaps", Objects.configMap("cm-aa").toString());
        JsonNode page2 = http.get("/api/v1/namespaces/" + ns + "/configmaps?limit=1&continue="
                + page1.path("metadata").path("continue").asText()).json();
        assertThat(page2.path("items").findValuesAsText("name")).as("cm-aa came after the snapshot").containsExactly("cm-b");
        assertThat(page2.path("metadata").path("resourceVersion").asText()).isEqualTo(rv);
        JsonNode page3 = http.get("/api/v1/namespaces/" + ns + "/configmaps?limit=1&continue="
                + page2.path("metadata").path("continue").asText()).json();
        assertThat(fieldNames(page3.path("metadata"))).containsExactly("resourceVersion");
        assertThat(page3.path("metadata").path("resourceVersion").asText()).isEqualTo(rv);
    }

    @Test
    @DisplayName("resourceVersion matrix over HTTP: \"0\" and NotOlderThan read the latest, Exact reads the past (golden b2.4/n1)")
    void rvMatrix() {
        String ns = namespace("rv");
        long a = http.post("/api/v1/namespaces/" + ns + "/configmaps", Objects.configMap("cm-a").toString())
                .json().path("metadata").path("resourceVersion").asLong();
        http.post("/api/v1/namespaces/" + ns + "/configmaps", Objects.configMap("cm-b").toString());
        String base = "/api/v1/namespaces/" + ns + "/configmaps";
        for (String query : new String[] {"", "?resourceVersion=0", "?resourceVersion=" + a,
                "?resourceVersion=" + a + "&resourceVersionMatch=NotOlderThan", "?limit=5&resourceVersion=0"}) {
            assertThat(http.get(base + query).json().path("items").findValuesAsText("name")).as(query).containsExactly("cm-a", "cm-b");
        }
        JsonNode exact = http.get(base + "?resourceVersion=" + a + "&resourceVersionMatch=Exact").json();
        assertThat(exact.path("items").findValuesAsText("name")).containsExactly("cm-a");
        assertThat(exact.path("metadata").path("resourceVersion").asLong()).isEqualTo(a);
        JsonNode legacy = http.get(base + "?resourceVersion=" + a + "&limit=5").json();
        assertThat(legacy.path("items").findValuesAsText("name")).containsExactly("cm-a");
        assertThat(http.get(base + "/cm-a?resourceVersion=" + a + "&resourceVersionMatch=Exact").code())
                .as("resourceVersionMatch on a GET is ignored (golden c2.11)").isEqualTo(200);
    }

    @Test
    @DisplayName("client mistakes get golden Status bodies: 404, 409, 404 namespace, 400 continue+RV, 422 list options, 400 garbage continue")
    void goldenStatuses() {
        String ns = namespace("err");
        String cms = "/api/v1/namespaces/" + ns + "/configmaps";
        http.post(cms, Objects.configMap("cm-b").toString());

        Http.Response missing = http.get(cms + "/cm-missing");
        assertThat(missing.code()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo(status("configmaps \\\"cm-missing\\\" not found", "NotFound",
                "{\"name\":\"cm-missing\",\"kind\":\"configmaps\"}", 404));
        assertThat(missing.header("Content-Length")).as("golden c2.5").isEqualTo("200");
        assertThat(http.get(cms + "/cm-missing?resourceVersion=0").body()).isEqualTo(missing.body());

        Http.Response exists = http.post(cms, Objects.configMap("cm-b").toString());
        assertThat(exists.code()).isEqualTo(409);
        assertThat(exists.body()).isEqualTo(status("configmaps \\\"cm-b\\\" already exists", "AlreadyExists",
                "{\"name\":\"cm-b\",\"kind\":\"configmaps\"}", 409));
        assertThat(exists.header("Content-Length")).as("golden c2.7").isEqualTo("198");

        Http.Response nope = http.post("/api/v1/namespaces/nope/configmaps", Objects.configMap("x").toString());
        assertThat(nope.code()).isEqualTo(404);
        assertThat(nope.body()).as("golden c2.9").isEqualTo(status("namespaces \\\"nope\\\" not found", "NotFound",
                "{\"name\":\"nope\",\"kind\":\"namespaces\"}", 404));

        String token = "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODYsInN0YXJ0IjoiY20tYVx1MDAwMCJ9";
        Http.Response continueWithRv = http.get(cms + "?limit=1&continue=" + token + "&resourceVersion=80");
        assertThat(continueWithRv.code()).isEqualTo(400);
        assertThat(continueWithRv.body()).as("golden b3.8")
                .isEqualTo(status("specifying resource version is not allowed when using continue", "BadRequest", null, 400));

        Http.Response noRv = http.get(cms + "?resourceVersionMatch=NotOlderThan");
        assertThat(noRv.code()).isEqualTo(422);
        assertThat(noRv.body()).as("golden b3.9").isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
                + "\"status\":\"Failure\",\"message\":\"ListOptions.meta.k8s.io \\\"\\\" is invalid: resourceVersionMatch: Forbidden: "
                + "resourceVersionMatch is forbidden unless resourceVersion is provided\",\"reason\":\"Invalid\",\"details\":"
                + "{\"group\":\"meta.k8s.io\",\"kind\":\"ListOptions\",\"causes\":[{\"reason\":\"FieldValueForbidden\","
                + "\"message\":\"Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided\","
                + "\"field\":\"resourceVersionMatch\"}]},\"code\":422}\n");
        assertThat(noRv.header("Content-Length")).isEqualTo("476");
        Http.Response exactZero = http.get(cms + "?resourceVersion=0&resourceVersionMatch=Exact");
        assertThat(exactZero.code()).isEqualTo(422);
        assertThat(exactZero.header("Content-Length")).as("golden b3.10").isEqualTo("478");
        Http.Response lower = http.get(cms + "?resourceVersion=79&resourceVersionMatch=exact");
        assertThat(lower.code()).isEqualTo(422);
        assertThat(lower.header("Content-Length")).as("golden b3.11").isEqualTo("483");
        assertThat(lower.json().path("details").path("causes").get(0).path("reason").asText()).isEqualTo("FieldValueNotSupported");

        Http.Response garbage = http.get(cms + "?limit=1&continue=garbage");
        assertThat(garbage.code()).isEqualTo(400);
        assertThat(garbage.body()).as("golden b3.13").isEqualTo(status(
                "invalid continue token: continue key is not valid: invalid character '\\\\u0081' looking for beginning of value",
                "BadRequest", null, 400));
        assertThat(garbage.header("Content-Length")).isEqualTo("224");

        Http.Response abc = http.get(cms + "?resourceVersion=abc");
        assertThat(abc.code()).as("current Kubernetes: 400, not 1.26's 500").isEqualTo(400);
        assertThat(abc.json().path("message").asText()).isEqualTo(
                "invalid resource version: resourceVersion: Invalid value: \"abc\": strconv.ParseUint: parsing \"abc\": invalid syntax");
        assertThat(http.get(cms + "/cm-b?resourceVersion=abc").code()).isEqualTo(400);
    }

    @Test
    @DisplayName("more client mistakes, each a 4xx Status and never a 5xx: 415, 405, 422, 400 (body, namespace, resourceVersion, selector)")
    void clientMistakes() {
        String ns = namespace("bad");
        String cms = "/api/v1/namespaces/" + ns + "/configmaps";
        Http.Response text = http.post(cms, "x", "text/plain");
        assertThat(text.code()).isEqualTo(415);
        assertThat(text.json().path("reason").asText()).isEqualTo("UnsupportedMediaType");
        assertThat(text.json().path("message").asText()).startsWith("the body of the request was in an unknown format - accepted media types include: application/json");
        for (String method : new String[] {"PUT", "PATCH", "DELETE"}) {
            Http.Response response = http.method(method, cms + "/x");
            assertThat(response.code()).as(method).isEqualTo(405);
            assertThat(response.body()).isEqualTo(status("the server does not allow this method on the requested resource",
                    "MethodNotAllowed", "{}", 405));
        }
        assertThat(http.post("/api/v1/configmaps", Objects.configMap("x").toString()).code()).isEqualTo(405);
        assertThat(http.get(cms + "?watch=true").body()).isEqualTo(status(
                "watch is not supported on resources of kind \\\"configmaps\\\"", "MethodNotAllowed", "{\"kind\":\"configmaps\"}", 405));

        Http.Response invalid = http.post(cms, Objects.configMap("Bad_Name").toString());
        assertThat(invalid.code()).isEqualTo(422);
        JsonNode details = invalid.json().path("details");
        assertThat(details.toString()).startsWith("{\"name\":\"Bad_Name\",\"kind\":\"ConfigMap\",\"causes\":[{\"reason\":\"FieldValueInvalid\","
                + "\"message\":\"Invalid value: \\\"Bad_Name\\\": a lowercase RFC 1123 subdomain must consist of");
        assertThat(invalid.json().path("message").asText()).startsWith("ConfigMap \"Bad_Name\" is invalid: metadata.name: Invalid value: \"Bad_Name\": ");
        Http.Response noName = http.post(cms, "{\"metadata\":{}}");
        assertThat(noName.code()).isEqualTo(422);
        assertThat(noName.json().path("message").asText())
                .isEqualTo("ConfigMap \"\" is invalid: metadata.name: Required value: name or generateName is required");
        Http.Response badLabel = http.post(cms, "{\"metadata\":{\"name\":\"x\",\"labels\":{\"a b\":\"c\"}}}");
        assertThat(badLabel.code()).isEqualTo(422);
        assertThat(badLabel.json().path("details").path("causes").get(0).path("field").asText()).isEqualTo("metadata.labels");

        Http.Response otherNs = http.post(cms, "{\"metadata\":{\"name\":\"x\",\"namespace\":\"default\"}}");
        assertThat(otherNs.code()).isEqualTo(400);
        assertThat(otherNs.json().path("message").asText())
                .isEqualTo("the namespace of the provided object does not match the namespace sent on the request");
        Http.Response malformed = http.post(cms, "{\"metadata\":");
        assertThat(malformed.code()).isEqualTo(400);
        assertThat(malformed.json().path("message").asText()).isEqualTo("couldn't get version/kind; json parse error: unexpected end of JSON input");
        assertThat(http.post(cms, "[1]").code()).isEqualTo(400);
        assertThat(http.post(cms, "{\"metadata\":{\"name\":5}}").code()).isEqualTo(400);
        assertThat(http.post(cms, "{\"apiVersion\":\"apps/v1\",\"metadata\":{\"name\":\"x\"}}").json().path("message").asText())
                .isEqualTo("the API version in the data (apps/v1) does not match the expected API version (v1)");
        Http.Response withRv = http.post(cms, "{\"metadata\":{\"name\":\"x\",\"resourceVersion\":\"5\"}}");
        assertThat(withRv.code()).isEqualTo(400);
        assertThat(withRv.json().path("message").asText()).isEqualTo("resourceVersion should not be set on objects to be created");
        assertThat(http.get(cms + "?labelSelector=a%20in%20b").code()).isEqualTo(400);
        assertThat(http.get(cms + "?fieldSelector=spec.x%3Dy").code()).isEqualTo(400);
        assertThat(http.get(cms + "?limit=abc").code()).isEqualTo(400);
        assertThat(http.get("/api/v1/namespaces/Bad_NS/configmaps").code()).isEqualTo(400);
        assertThat(http.get(cms + "/..").code()).isIn(400, 404);
        assertThat(http.get(cms + "/a%2Fb").code()).isEqualTo(400);
        assertThat(http.rawHead("/api/v1/namespaces?x=%zz"))
                .as("a request line that is not a URI: the JDK's HTTP server answers a bare 400 before any handler runs")
                .startsWith("HTTP/1.1 400");
        assertThat(http.post(cms, "{\"metadata\":{\"generateName\":\"gen-\"}}").json().path("metadata").path("name").asText())
                .matches("gen-[a-z0-9]{5}");
    }

    @Test
    @DisplayName("Deployments and Namespaces get what their strategies set on create: generation 1 and empty status; phase Active, finalizer, name label")
    void strategies() {
        String ns = namespace("deploy");
        Http.Response created = http.post("/apis/apps/v1/namespaces/" + ns + "/deployments",
                "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\",\"labels\":{\"app\":\"web\"}},"
                        + "\"spec\":{\"replicas\":1,\"selector\":{\"matchLabels\":{\"app\":\"web\"}}},\"status\":{\"replicas\":9}}");
        assertThat(created.code()).isEqualTo(201);
        JsonNode web = created.json();
        assertThat(web.path("metadata").path("generation").asLong()).isEqualTo(1);
        assertThat(fieldNames(web.path("metadata"))).containsExactly("name", "namespace", "uid", "resourceVersion", "generation",
                "creationTimestamp", "labels");
        assertThat(web.path("status").toString()).as("a client cannot write status on create").isEqualTo("{}");
        assertThat(http.get("/apis/apps/v1/namespaces/" + ns + "/deployments/web/status").body()).isEqualTo(created.body());
        Http.Response missing = http.get("/apis/apps/v1/namespaces/" + ns + "/deployments/nope");
        assertThat(missing.body()).isEqualTo(status("deployments.apps \\\"nope\\\" not found", "NotFound",
                "{\"name\":\"nope\",\"group\":\"apps\",\"kind\":\"deployments\"}", 404));
        assertThat(http.get("/apis/apps/v1/deployments").json().path("kind").asText()).isEqualTo("DeploymentList");

        JsonNode namespace = http.get("/api/v1/namespaces/" + ns).json();
        assertThat(fieldNames(namespace)).containsExactly("kind", "apiVersion", "metadata", "spec", "status");
        assertThat(namespace.path("metadata").path("labels").path("kubernetes.io/metadata.name").asText()).isEqualTo(ns);
        assertThat(namespace.path("spec").toString()).isEqualTo("{\"finalizers\":[\"kubernetes\"]}");
        assertThat(namespace.path("status").toString()).isEqualTo("{\"phase\":\"Active\"}");
        assertThat(http.get("/api/v1/namespaces").json().path("items").findValuesAsText("name"))
                .contains("default", "kube-public", "kube-system", ns);
    }

    @Test
    @DisplayName("framing: up to 2048 bytes with Content-Length, longer bodies chunked (Go net/http); one trailing newline")
    void framing() {
        String ns = namespace("big");
        for (int i = 0; i < 12; i++) {
            http.post("/api/v1/namespaces/" + ns + "/configmaps",
                    Objects.configMap(String.format("cm-%02d", i), Map.of(), Map.of("k", "x".repeat(100))).toString());
        }
        String big = http.rawHead("/api/v1/namespaces/" + ns + "/configmaps").toLowerCase();
        assertThat(big).startsWith("http/1.1 200").contains("transfer-encoding: chunked").doesNotContain("content-length");
        String small = http.rawHead("/api/v1/namespaces/" + ns + "/configmaps/cm-00").toLowerCase();
        assertThat(small).startsWith("http/1.1 200").contains("content-length: ").doesNotContain("transfer-encoding");
        Http.Response list = http.get("/api/v1/namespaces/" + ns + "/configmaps");
        assertThat(list.body().length()).isGreaterThan(2048);
        assertThat(list.body()).endsWith("]}\n");
    }

    @Test
    @DisplayName("server-side printing: kubectl's Accept for a Table gets rows with the columns kubectl shows, and the list's paging metadata")
    void tables() {
        String ns = namespace("table");
        http.post("/api/v1/namespaces/" + ns + "/configmaps", Objects.configMap("cm-a", Map.of(), Map.of("a", "1", "b", "2")).toString());
        http.post("/api/v1/namespaces/" + ns + "/configmaps", Objects.configMap("cm-b").toString());
        String kubectlAccept = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
        JsonNode table = http.getAccepting("/api/v1/namespaces/" + ns + "/configmaps?limit=1", kubectlAccept).json();
        assertThat(table.path("kind").asText()).isEqualTo("Table");
        assertThat(table.path("apiVersion").asText()).isEqualTo("meta.k8s.io/v1");
        assertThat(table.path("columnDefinitions").findValuesAsText("name")).containsExactly("Name", "Data", "Age");
        assertThat(table.path("rows").get(0).path("cells").get(0).asText()).isEqualTo("cm-a");
        assertThat(table.path("rows").get(0).path("cells").get(1).asInt()).isEqualTo(2);
        assertThat(table.path("rows").get(0).path("object").path("kind").asText()).isEqualTo("PartialObjectMetadata");
        assertThat(table.path("rows").get(0).path("object").path("metadata").path("namespace").asText()).isEqualTo(ns);
        assertThat(table.path("metadata").path("continue").asText()).isNotEmpty();
        assertThat(table.path("metadata").path("remainingItemCount").asLong()).isEqualTo(1);
        JsonNode plain = http.getAccepting("/api/v1/namespaces/" + ns + "/configmaps", "application/json, */*").json();
        assertThat(plain.path("kind").asText()).isEqualTo("ConfigMapList");
        JsonNode one = http.getAccepting("/api/v1/namespaces/" + ns + "/configmaps/cm-b", kubectlAccept).json();
        assertThat(one.path("rows")).hasSize(1);
    }

    @Test
    @DisplayName("pretty printing as in golden p1: curl's User-Agent gets indented JSON, ?pretty= overrides")
    void pretty() {
        Http.Response curl = http.get("/api/v1/namespaces/default", "curl/8.5.0");
        assertThat(curl.body()).startsWith("{\n  \"kind\": \"Namespace\",\n  \"apiVersion\": \"v1\",\n  \"metadata\": {\n    \"name\": \"default\",");
        assertThat(curl.body()).endsWith("\n}\n");
        assertThat(http.get("/api/v1/namespaces/default?pretty=false", "curl/8.5.0").body()).startsWith("{\"kind\":\"Namespace\"");
        assertThat(http.get("/api/v1/namespaces/default?pretty=true").body()).startsWith("{\n  \"kind\"");
        assertThat(http.get("/api/v1/namespaces/nope", "curl/8.5.0").body()).startsWith("{\n  \"kind\": \"Status\",");
    }
}
