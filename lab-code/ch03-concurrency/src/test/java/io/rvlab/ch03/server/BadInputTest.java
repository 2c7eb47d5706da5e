package io.rvlab.ch03.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch01.Await;
import io.rvlab.ch03.support.Http.Response;
import io.rvlab.ch03.support.ServerOnEtcd;
import io.rvlab.support.etcd.FreshEtcd;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Client mistakes against a real server on a real etcd: every one is a 4xx answered with a JSON
 * Status (kind Status, apiVersion v1, status Failure, the reason and code Kubernetes uses), never a
 * 5xx, plain text or a stack trace; the server answers a normal request right after; and at the end
 * nothing in etcd lies outside /registry/.
 */
@FreshEtcd
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@DisplayName("bad input: every client mistake is a 4xx Status, and nothing escapes /registry/")
class BadInputTest extends ServerOnEtcd {

    private static final String NS = "bad";
    private static final String CMS = "/api/v1/namespaces/" + NS + "/configmaps";
    private static final String CM = CMS + "/cm";
    private static final String JSON = "application/json";
    private static final String MERGE = "application/merge-patch+json";
    private static final String JSON_PATCH = "application/json-patch+json";
    private static final String SMP = "application/strategic-merge-patch+json";

    BadInputTest(Client client) {
        super(client);
    }

    /** The objects every test of this class reads. */
    @BeforeAll
    void createObjects() {
        assertThat(http.json("POST", "/api/v1/namespaces", "{\"metadata\":{\"name\":\"" + NS + "\"}}").code()).isEqualTo(201);
        assertThat(http.json("POST", CMS, "{\"metadata\":{\"name\":\"cm\"},\"data\":{\"k\":\"v\"}}").code()).isEqualTo(201);
    }

    /** One bad request and the Status it must get. */
    record Case(String what, String method, String path, String contentType, String body, int code, String reason) {
        @Override
        public String toString() {
            return method + " " + what + " -> " + code + " " + reason;
        }
    }

    private static Case c(String what, String method, String path, String contentType, String body, int code, String reason) {
        return new Case(what, method, path, contentType, body, code, reason);
    }

    private static String cm(String name) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\"},\"data\":{\"k\":\"v\"}}";
    }

    private static String withMeta(String meta) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{" + meta + "},\"data\":{\"k\":\"v\"}}";
    }

    static Stream<Arguments> cases() {
        List<Case> cases = new ArrayList<>();
        // malformed JSON, and JSON that is not an object
        for (String body : new String[] {"{", "{\"metadata\":", "[]", "\"x\"", "1", "null", "true"}) {
            cases.add(c("body " + body, "POST", CMS, JSON, body, 400, "BadRequest"));
            cases.add(c("body " + body, "PUT", CM, JSON, body, 400, "BadRequest"));
            cases.add(c("merge patch " + body, "PATCH", CM, MERGE, body, 400, "BadRequest"));
            cases.add(c("strategic patch " + body, "PATCH", CM, SMP, body, 400, "BadRequest"));
            if (!body.equals("[]")) {
                cases.add(c("json patch " + body, "PATCH", CM, JSON_PATCH, body, 400, "BadRequest"));
            }
        }
        cases.add(c("json patch of numbers", "PATCH", CM, JSON_PATCH, "[1,2]", 400, "BadRequest"));
        cases.add(c("json patch op not a string", "PATCH", CM, JSON_PATCH, "[{\"op\":[],\"path\":\"/data\"}]", 400, "BadRequest"));
        cases.add(c("DeleteOptions not JSON", "DELETE", CM, JSON, "{", 400, "BadRequest"));
        cases.add(c("DeleteOptions an array", "DELETE", CM, JSON, "[]", 400, "BadRequest"));
        // kubectl delete --dry-run=server: the dry run is in the body, and must never delete (the GET after each case checks)
        cases.add(c("DeleteOptions dryRun All", "DELETE", CM, JSON, "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"dryRun\":[\"All\"]}",
                400, "BadRequest"));
        cases.add(c("DeleteOptions dryRun not a list", "DELETE", CM, JSON, "{\"dryRun\":\"All\"}", 400, "BadRequest"));
        // wrong kind, wrong apiVersion, wrong types
        cases.add(c("kind Secret", "POST", CMS, JSON, "{\"kind\":\"Secret\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"s\"}}", 400, "BadRequest"));
        cases.add(c("kind Secret", "PUT", CM, JSON, "{\"kind\":\"Secret\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"cm\"}}", 400, "BadRequest"));
        cases.add(c("kind Secret", "PATCH", CM, MERGE, "{\"kind\":\"Secret\"}", 400, "BadRequest"));
        for (String apiVersion : new String[] {"apps/v1", "v2", "../v1"}) {
            String body = "{\"kind\":\"ConfigMap\",\"apiVersion\":\"" + apiVersion + "\",\"metadata\":{\"name\":\"cm\"}}";
            cases.add(c("apiVersion " + apiVersion, "POST", CMS, JSON, body, 400, "BadRequest"));
            cases.add(c("apiVersion " + apiVersion, "PUT", CM, JSON, body, 400, "BadRequest"));
            cases.add(c("apiVersion " + apiVersion, "PATCH", CM, JSON_PATCH,
                    "[{\"op\":\"replace\",\"path\":\"/apiVersion\",\"value\":\"" + apiVersion + "\"}]", 400, "BadRequest"));
        }
        cases.add(c("metadata a string", "POST", CMS, JSON, "{\"metadata\":\"x\"}", 400, "BadRequest"));
        cases.add(c("data a number", "PUT", CM, JSON, "{\"metadata\":{\"name\":\"cm\"},\"data\":7}", 400, "BadRequest"));
        cases.add(c("data value a number", "PATCH", CM, MERGE, "{\"data\":{\"k\":7}}", 422, "Invalid"));
        // names no object can have, in the body
        String longName = "a".repeat(300);
        for (String name : new String[] {"a/b", "..", ".", "a\\u0000b", "a\\nb", "UPPER", longName, "", "a%2Fb"}) {
            cases.add(c("name " + name.substring(0, Math.min(name.length(), 12)), "POST", CMS, JSON, cm(name), 422, "Invalid"));
        }
        cases.add(c("namespace name a/b", "POST", "/api/v1/namespaces", JSON, "{\"metadata\":{\"name\":\"a/b\"}}", 422, "Invalid"));
        cases.add(c("renamed by a patch", "PATCH", CM, JSON_PATCH, "[{\"op\":\"replace\",\"path\":\"/metadata/name\",\"value\":\"../x\"}]",
                400, "BadRequest"));
        cases.add(c("renamed by a PUT", "PUT", CM, JSON, cm("../x"), 400, "BadRequest"));
        // names no object can have, in the URL
        for (String name : new String[] {"a%2Fb", "%2e%2e", "..", "%2E", "UPPER", "a%00b", "a%0Ab", longName, "a%20b"}) {
            String path = CMS + "/" + name;
            cases.add(c("URL name " + name.substring(0, Math.min(name.length(), 12)), "GET", path, null, null, 400, "BadRequest"));
            cases.add(c("URL name " + name.substring(0, Math.min(name.length(), 12)), "PUT", path, JSON, cm("x"), 400, "BadRequest"));
            cases.add(c("URL name " + name.substring(0, Math.min(name.length(), 12)), "PATCH", path, MERGE, "{}", 400, "BadRequest"));
            cases.add(c("URL name " + name.substring(0, Math.min(name.length(), 12)), "DELETE", path, null, null, 400, "BadRequest"));
        }
        cases.add(c("URL namespace ..", "GET", "/api/v1/namespaces/%2e%2e/configmaps/x", null, null, 400, "BadRequest"));
        cases.add(c("URL namespace ..", "POST", "/api/v1/namespaces/%2e%2e/configmaps", JSON, cm("x"), 400, "BadRequest"));
        cases.add(c("URL namespace a/b", "GET", "/api/v1/namespaces/a%2Fb/configmaps", null, null, 400, "BadRequest"));
        // path traversal and paths that name nothing
        for (String path : new String[] {"/api/v1/namespaces/../../x", CMS + "/../../../x", "/api/v1/namespaces/" + NS
                + "/configmaps/cm/../../../../etc", "/api/v1/../../registry", "/apis/apps/v1/../../../x"}) {
            cases.add(c("traversal " + path, "GET", path, null, null, 404, "NotFound"));
            cases.add(c("traversal " + path, "PUT", path, JSON, cm("x"), 404, "NotFound"));
        }
        // body namespace is not the URL's
        cases.add(c("body namespace other", "POST", CMS, JSON, withMeta("\"name\":\"n\",\"namespace\":\"other\""), 400, "BadRequest"));
        cases.add(c("body namespace other", "PUT", CM, JSON, withMeta("\"name\":\"cm\",\"namespace\":\"other\""), 400, "BadRequest"));
        cases.add(c("namespace moved by a patch", "PATCH", CM, MERGE, "{\"metadata\":{\"namespace\":\"other\"}}", 400, "BadRequest"));
        // resourceVersions
        for (String rv : new String[] {"5", "abc", "-1", "99999999999999999999999999"}) {
            cases.add(c("resourceVersion " + rv + " on create", "POST", CMS, JSON, withMeta("\"name\":\"rv\",\"resourceVersion\":\"" + rv + "\""),
                    400, "BadRequest"));
        }
        for (String rv : new String[] {"abc", "-5", "1.5", "99999999999999999999999999", "9".repeat(5000)}) {
            String short_ = rv.substring(0, Math.min(rv.length(), 12));
            cases.add(c("query resourceVersion " + short_, "GET", CM + "?resourceVersion=" + rv, null, null, 400, "BadRequest"));
            cases.add(c("query resourceVersion " + short_, "GET", CMS + "?resourceVersion=" + rv, null, null, 400, "BadRequest"));
            cases.add(c("body resourceVersion " + short_, "PUT", CM, JSON, withMeta("\"name\":\"cm\",\"resourceVersion\":\"" + rv + "\""),
                    400, "BadRequest"));
            cases.add(c("patched resourceVersion " + short_, "PATCH", CM, MERGE, "{\"metadata\":{\"resourceVersion\":\"" + rv + "\"}}",
                    400, "BadRequest"));
            cases.add(c("precondition resourceVersion " + short_, "DELETE", CM, JSON,
                    "{\"preconditions\":{\"resourceVersion\":\"" + rv + "\"}}", 409, "Conflict"));
        }
        cases.add(c("resourceVersion a number", "PUT", CM, JSON, withMeta("\"name\":\"cm\",\"resourceVersion\":5"), 400, "BadRequest"));
        cases.add(c("precondition resourceVersion a number", "DELETE", CM, JSON, "{\"preconditions\":{\"resourceVersion\":-1}}",
                400, "BadRequest"));
        cases.add(c("precondition uid of another object", "DELETE", CM, JSON, "{\"preconditions\":{\"uid\":\"nope\"}}", 409, "Conflict"));
        cases.add(c("resourceVersionMatch without resourceVersion", "GET", CMS + "?resourceVersionMatch=Exact", null, null, 422, "Invalid"));
        cases.add(c("limit abc", "GET", CMS + "?limit=abc", null, null, 400, "BadRequest"));
        cases.add(c("continue garbage", "GET", CMS + "?continue=garbage", null, null, 400, "BadRequest"));
        cases.add(c("fieldValidation Bogus", "POST", CMS + "?fieldValidation=Bogus", JSON, cm("fv"), 422, "Invalid"));
        cases.add(c("unknown field, Strict", "PUT", CM + "?fieldValidation=Strict", JSON, "{\"metadata\":{\"name\":\"cm\"},\"x\":1}",
                400, "BadRequest"));
        // unsupported content types
        for (String type : new String[] {"text/plain", "application/yaml", "application/xml", "multipart/form-data"}) {
            cases.add(c("content type " + type, "POST", CMS, type, cm("ct"), 415, "UnsupportedMediaType"));
            cases.add(c("content type " + type, "PUT", CM, type, cm("cm"), 415, "UnsupportedMediaType"));
            cases.add(c("content type " + type, "PATCH", CM, type, "{}", 415, "UnsupportedMediaType"));
            cases.add(c("content type " + type, "DELETE", CM, type, "{}", 415, "UnsupportedMediaType"));
        }
        cases.add(c("content type json for a patch", "PATCH", CM, JSON, "{}", 415, "UnsupportedMediaType"));
        cases.add(c("content type apply-patch", "PATCH", CM, "application/apply-patch+yaml", "{}", 415, "UnsupportedMediaType"));
        // unknown resources, groups, versions, subresources; verbs a path does not take
        cases.add(c("unknown resource", "GET", "/api/v1/nope", null, null, 404, "NotFound"));
        cases.add(c("unknown resource", "POST", "/api/v1/namespaces/" + NS + "/nope", JSON, "{}", 404, "NotFound"));
        cases.add(c("unknown resource", "PUT", "/api/v1/namespaces/" + NS + "/nope/x", JSON, "{}", 404, "NotFound"));
        cases.add(c("unknown resource", "PATCH", "/api/v1/namespaces/" + NS + "/nope/x", MERGE, "{}", 404, "NotFound"));
        cases.add(c("unknown resource", "DELETE", "/api/v1/namespaces/" + NS + "/nope/x", null, null, 404, "NotFound"));
        cases.add(c("unknown group", "GET", "/apis/nope/v1/things", null, null, 404, "NotFound"));
        cases.add(c("unknown group", "POST", "/apis/nope/v1/namespaces/" + NS + "/things", JSON, "{}", 404, "NotFound"));
        cases.add(c("unknown version", "GET", "/apis/apps/v2/deployments", null, null, 404, "NotFound"));
        cases.add(c("unknown version", "GET", "/api/v2/namespaces", null, null, 404, "NotFound"));
        cases.add(c("resource in the wrong group", "GET", "/apis/apps/v1/namespaces/" + NS + "/configmaps", null, null, 404, "NotFound"));
        cases.add(c("configmaps have no /status", "PUT", CM + "/status", JSON, cm("cm"), 404, "NotFound"));
        cases.add(c("unknown subresource", "GET", CM + "/scale", null, null, 404, "NotFound"));
        cases.add(c("too many segments", "GET", CM + "/status/x", null, null, 404, "NotFound"));
        cases.add(c("deletecollection", "DELETE", CMS, null, null, 405, "MethodNotAllowed"));
        cases.add(c("PUT a collection", "PUT", CMS, JSON, cm("x"), 405, "MethodNotAllowed"));
        cases.add(c("PATCH a collection", "PATCH", CMS, MERGE, "{}", 405, "MethodNotAllowed"));
        cases.add(c("POST to an object", "POST", CM, JSON, cm("cm"), 405, "MethodNotAllowed"));
        cases.add(c("POST without a namespace", "POST", "/api/v1/configmaps", JSON, cm("x"), 405, "MethodNotAllowed"));
        cases.add(c("DELETE discovery", "DELETE", "/api/v1", null, null, 405, "MethodNotAllowed"));
        cases.add(c("POST the OpenAPI", "POST", "/openapi/v3", JSON, "{}", 405, "MethodNotAllowed"));
        cases.add(c("not found", "GET", CMS + "/nope", null, null, 404, "NotFound"));
        cases.add(c("not found", "PUT", CMS + "/nope", JSON, cm("nope"), 404, "NotFound"));
        cases.add(c("not found", "PATCH", CMS + "/nope", SMP, "{}", 404, "NotFound"));
        cases.add(c("not found", "DELETE", CMS + "/nope", null, null, 404, "NotFound"));
        cases.add(c("namespace not found", "POST", "/api/v1/namespaces/nope/configmaps", JSON, cm("x"), 404, "NotFound"));
        cases.add(c("already exists", "POST", CMS, JSON, cm("cm"), 409, "AlreadyExists"));
        // patches that do not apply
        cases.add(c("failed test op", "PATCH", CM, JSON_PATCH, "[{\"op\":\"test\",\"path\":\"/data/k\",\"value\":\"x\"}]", 422, "Invalid"));
        cases.add(c("remove a missing path", "PATCH", CM, JSON_PATCH, "[{\"op\":\"remove\",\"path\":\"/data/nope\"}]", 422, "Invalid"));
        cases.add(c("unknown op", "PATCH", CM, JSON_PATCH, "[{\"op\":\"explode\",\"path\":\"/data\"}]", 422, "Invalid"));
        cases.add(c("replace metadata with a number", "PATCH", CM, JSON_PATCH, "[{\"op\":\"replace\",\"path\":\"/metadata\",\"value\":7}]",
                422, "Invalid"));
        cases.add(c("10001 json patch operations", "PATCH", CM, JSON_PATCH,
                "[" + "{\"op\":\"test\",\"path\":\"/data\"},".repeat(10_000) + "{\"op\":\"test\",\"path\":\"/data\"}]", 413,
                "RequestEntityTooLarge"));
        cases.add(c("unknown $patch", "PATCH", CM, SMP, "{\"data\":{\"$patch\":\"explode\"}}", 400, "BadRequest"));
        // too large, too deep
        String big = "{\"metadata\":{\"name\":\"big\"},\"data\":{\"k\":\"" + "x".repeat(4 * 1024 * 1024) + "\"}}";
        cases.add(c("4 MiB body", "POST", CMS, JSON, big, 413, "RequestEntityTooLarge"));
        cases.add(c("4 MiB body", "PUT", CM, JSON, big, 413, "RequestEntityTooLarge"));
        cases.add(c("4 MiB body", "PATCH", CM, MERGE, big, 413, "RequestEntityTooLarge"));
        cases.add(c("4 MiB body", "DELETE", CM, JSON, big, 413, "RequestEntityTooLarge"));
        String unclosed = "[".repeat(100_000);
        String balanced = "{\"metadata\":{\"name\":\"deep\"},\"data\":" + "[".repeat(5000) + "]".repeat(5000) + "}";
        for (String body : new String[] {unclosed, balanced, "{\"a\":".repeat(100_000)}) {
            String what = body.equals(balanced) ? "5000 nested arrays" : body.startsWith("[") ? "100k [" : "100k {";
            cases.add(c(what, "POST", CMS, JSON, body, 400, "BadRequest"));
            cases.add(c(what, "PUT", CM, JSON, body, 400, "BadRequest"));
            cases.add(c(what, "PATCH", CM, MERGE, body, 400, "BadRequest"));
            cases.add(c(what, "PATCH", CM, SMP, body, 400, "BadRequest"));
            cases.add(c(what, "PATCH", CM, JSON_PATCH, body, 400, "BadRequest"));
            cases.add(c(what, "DELETE", CM, JSON, body, 400, "BadRequest"));
        }
        return cases.stream().map(Arguments::of);
    }

    // tag::bad-input[]
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @Order(1)
    void answeredWithAStatus(Case bad) {
        Response response = http.send(bad.method(), bad.path(), bad.contentType(), bad.body());
        assertThat(response.contentType()).as(response.body()).isEqualTo("application/json");
        JsonNode status = response.json();
        assertThat(status.path("kind").asText()).as(response.body()).isEqualTo("Status");
        assertThat(status.path("apiVersion").asText()).isEqualTo("v1");
        assertThat(status.path("status").asText()).isEqualTo("Failure");
        assertThat(response.code()).as(response.body()).isEqualTo(bad.code());
        assertThat(status.path("code").asInt()).isEqualTo(bad.code());
        assertThat(status.path("reason").asText()).as(response.body()).isEqualTo(bad.reason());
        assertThat(response.body()).doesNotContain("Exception", "\tat ", "java.");
        // ... and the server still answers a normal request
        Response normal = http.send("GET", CM, null, null);
        assertThat(normal.code()).as(normal.body()).isEqualTo(200);
        assertThat(normal.json().path("data").path("k").asText()).isEqualTo("v");
    }
    // end::bad-input[]

    @Test
    @Order(2)
    @DisplayName("a request path with a malformed escape (%zz) is a 400 before any handler runs, as in Go's net/http")
    void unparseableRequestLine() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + CMS + "/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(answer).startsWith("HTTP/1.1 400");
        }
        assertThat(http.send("GET", CM, null, null).code()).isEqualTo(200);
    }

    // tag::nothing-escapes[]
    @Test
    @Order(3)
    @DisplayName("after all of it, every key in etcd is under /registry/")
    void nothingOutsideTheRegistry() {
        ByteSequence from = ByteSequence.from(new byte[] {0});
        List<KeyValue> kvs = Await.result(client.getKVClient().get(from,
                GetOption.builder().withRange(from).withKeysOnly(true).build())).getKvs();
        List<String> keys = kvs.stream().map(kv -> kv.getKey().toString(StandardCharsets.UTF_8)).toList();
        assertThat(keys).isNotEmpty().allSatisfy(key -> assertThat(key).startsWith("/registry/"));
        assertThat(keys).contains("/registry/configmaps/bad/cm").noneMatch(key -> key.contains("..") || key.contains("big"));
    }
    // end::nothing-escapes[]
}
