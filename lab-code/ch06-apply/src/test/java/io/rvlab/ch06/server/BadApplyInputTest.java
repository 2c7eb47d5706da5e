package io.rvlab.ch06.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch01.Await;
import io.rvlab.ch06.TestServer;
import io.rvlab.ch06.TestServer.Response;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reliability bad-input set, extended to apply bodies and the options of writes that name their
 * manager: every mistake is a 4xx JSON Status with Kubernetes' reason (and, where it matters, its
 * message), the object is unchanged, and at the end nothing in etcd lies outside /registry/.
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@DisplayName("bad apply input: every mistake is a 4xx Status, nothing is written, nothing escapes /registry/")
class BadApplyInputTest {

    private static final String NS = "bad";
    private static final String CMS = "/api/v1/namespaces/" + NS + "/configmaps";
    private static final String CM = CMS + "/cm";
    private static final String APPLY = TestServer.APPLY;
    private static final String MERGE = "application/merge-patch+json";

    private final Client etcd;
    private TestServer server;
    private String storedRv;

    BadApplyInputTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void start() {
        server = new TestServer(etcd);
        assertThat(server.send("POST", "/api/v1/namespaces", "application/json",
                "{\"metadata\":{\"name\":\"" + NS + "\"}}").code()).isEqualTo(201);
        Response created = server.apply(CM, "?fieldManager=owner", config("cm", "k: v"));
        assertThat(created.code()).as(created.body()).isEqualTo(201);
        storedRv = created.rv();
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** One bad request, the Status it must get, and words its message must hold. */
    record Case(String what, String method, String pathAndQuery, String contentType, String body, int code,
                String reason, String message) {
        @Override
        public String toString() {
            return what + " -> " + code + " " + reason;
        }
    }

    private static String config(String name, String data) {
        return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\ndata:\n  " + data + "\n";
    }

    static Stream<Arguments> cases() {
        String q = "?fieldManager=m";
        List<Case> cases = new ArrayList<>();
        // bodies that are not one YAML object
        cases.add(new Case("malformed YAML", "PATCH", CM + q, APPLY, "apiVersion: v1\nkind: ConfigMap\n data: [x\n",
                400, "BadRequest", "error decoding YAML: "));
        cases.add(new Case("malformed JSON", "PATCH", CM + q, APPLY, "{\"apiVersion\": \"v1\",", 400, "BadRequest",
                "error decoding YAML: "));
        cases.add(new Case("a JSON array", "PATCH", CM + q, APPLY, "[{\"apiVersion\":\"v1\"}]", 400, "BadRequest",
                "error decoding YAML: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {}"));
        cases.add(new Case("a YAML list", "PATCH", CM + q, APPLY, "- a\n- b\n", 400, "BadRequest",
                "cannot unmarshal array into Go value of type map[string]interface {}"));
        cases.add(new Case("a YAML string", "PATCH", CM + q, APPLY, "hello\n", 400, "BadRequest",
                "cannot unmarshal string into Go value of type map[string]interface {}"));
        cases.add(new Case("two YAML documents", "PATCH", CM + q, APPLY, config("cm", "k: a") + "---\n" + config("cm", "k: b"),
                400, "BadRequest", "error decoding YAML: "));
        cases.add(new Case("an empty body (no apiVersion)", "PATCH", CM + q, APPLY, "", 400, "BadRequest",
                "Incorrect version specified in apply patch. Specified patch version: , expected: v1"));
        cases.add(new Case("a key twice, Strict", "PATCH", CM + q + "&fieldValidation=Strict", APPLY,
                config("cm", "k: a\n  k: b"), 400, "BadRequest", "error strict decoding YAML: "));
        // the options
        cases.add(new Case("no fieldManager", "PATCH", CM, APPLY, config("cm", "k: a"), 422, "Invalid",
                "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch"));
        cases.add(new Case("an empty fieldManager", "PATCH", CM + "?fieldManager=", APPLY, config("cm", "k: a"), 422,
                "Invalid", "fieldManager: Required value: is required for apply patch"));
        cases.add(new Case("a fieldManager of 129 characters", "PATCH", CM + "?fieldManager=" + "m".repeat(129), APPLY,
                config("cm", "k: a"), 422, "Invalid", "fieldManager: Too long"));
        cases.add(new Case("a non-printable fieldManager", "PATCH", CM + "?fieldManager=a%07b", APPLY,
                config("cm", "k: a"), 422, "Invalid", "fieldManager: Invalid value"));
        cases.add(new Case("a fieldManager of 129 characters on a POST", "POST", CMS + "?fieldManager=" + "m".repeat(129),
                "application/json", "{\"metadata\":{\"name\":\"long\"}}", 422, "Invalid", "CreateOptions.meta.k8s.io"));
        cases.add(new Case("a non-printable fieldManager on a PUT", "PUT", CM + "?fieldManager=a%07b", "application/json",
                "{\"metadata\":{\"name\":\"cm\"}}", 422, "Invalid", "UpdateOptions.meta.k8s.io"));
        cases.add(new Case("force on a merge patch", "PATCH", CM + q + "&force=true", MERGE, "{\"data\":{\"k\":\"x\"}}",
                422, "Invalid", "PatchOptions.meta.k8s.io \"\" is invalid: force: Forbidden: may not be specified for non-apply patch"));
        cases.add(new Case("force=false on a merge patch", "PATCH", CM + q + "&force=false", MERGE, "{\"data\":{\"k\":\"x\"}}",
                422, "Invalid", "force: Forbidden"));
        cases.add(new Case("an unknown fieldValidation", "PATCH", CM + q + "&fieldValidation=Loose", APPLY,
                config("cm", "k: a"), 422, "Invalid", "fieldValidation"));
        cases.add(new Case("dryRun", "PATCH", CM + q + "&dryRun=All", APPLY, config("cm", "k: a"), 400, "BadRequest",
                "dryRun is not supported by this server"));
        cases.add(new Case("application/yaml", "PATCH", CM + q, "application/yaml", config("cm", "k: a"), 415,
                "UnsupportedMediaType", "application/json-patch+json, application/merge-patch+json, "
                        + "application/strategic-merge-patch+json, application/apply-patch+yaml"));
        // what the config says
        cases.add(new Case("kind Secret", "PATCH", CM + q, APPLY, "apiVersion: v1\nkind: Secret\nmetadata:\n  name: cm\n",
                400, "BadRequest", "Secret"));
        cases.add(new Case("apiVersion apps/v1", "PATCH", CM + q, APPLY, "apiVersion: apps/v1\nkind: ConfigMap\nmetadata:\n  name: cm\n",
                400, "BadRequest", "Incorrect version specified in apply patch. Specified patch version: apps/v1, expected: v1"));
        cases.add(new Case("managedFields in the config", "PATCH", CM + q, APPLY,
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  managedFields:\n  - manager: x\n    operation: Apply\n",
                400, "BadRequest", "metadata.managedFields must be nil"));
        // (the same value as stored: a different one would conflict with its owner first, a 409, as in Kubernetes)
        cases.add(new Case("another name in the config", "PATCH", CM + q, APPLY, config("other", "k: v"), 400, "BadRequest",
                "the name of the object (other) does not match the name on the URL (cm)"));
        cases.add(new Case("another namespace in the config", "PATCH", CM + q, APPLY,
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  namespace: other\n", 400, "BadRequest",
                "does not match the namespace"));
        cases.add(new Case("an unknown field", "PATCH", CM + q, APPLY, config("cm", "k: a") + "spec:\n  x: 1\n", 400,
                "BadRequest", "failed to create typed patch object (/cm; /v1, Kind=ConfigMap): .spec: field not declared in schema"));
        cases.add(new Case("an unknown field, Strict", "PATCH", CM + q + "&fieldValidation=Strict", APPLY,
                config("cm", "k: a") + "spec:\n  x: 1\n", 400, "BadRequest", ".spec: field not declared in schema"));
        cases.add(new Case("a number where a string goes", "PATCH", CM + q, APPLY, config("cm", "k: 1"), 400, "BadRequest",
                "failed to create typed patch object"));
        // kube names the patch object as sent: this config has no namespace, hence "/d"
        cases.add(new Case("a container without its key (name)", "PATCH", "/apis/apps/v1/namespaces/" + NS + "/deployments/d" + q,
                APPLY, "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  template:\n    spec:\n"
                        + "      containers:\n      - image: nginx\n", 400, "BadRequest", "failed to create typed patch object"
                        + " (/d; apps/v1, Kind=Deployment): .spec.template.spec.containers: element 0: associative list "
                        + "with keys has an element that omits key field \"name\" (and doesn't have default value)"));
        cases.add(new Case("two containers of one name", "PATCH", "/apis/apps/v1/namespaces/" + NS + "/deployments/d" + q,
                APPLY, "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  template:\n    spec:\n"
                        + "      containers:\n      - name: web\n        image: a\n      - name: web\n        image: b\n",
                400, "BadRequest", ".spec.template.spec.containers: duplicate entries for key [name=\"web\"]"));
        cases.add(new Case("a finalizer twice", "PATCH", CM + q, APPLY,
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  finalizers: [x, x]\n", 400, "BadRequest",
                ".metadata.finalizers: duplicate entries for key [=\"x\"]"));
        cases.add(new Case("an invalid label", "PATCH", CM + q, APPLY,
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  labels:\n    a: \"-x-\"\n", 422, "Invalid", "metadata.labels"));
        // names no object can have (the key would leave the registry's prefix)
        cases.add(new Case("name ..", "PATCH", CMS + "/.." + q, APPLY, config("..", "k: a"), 400, "BadRequest", "invalid resource name"));
        cases.add(new Case("name a/b", "PATCH", CMS + "/a%2Fb" + q, APPLY, config("a/b", "k: a"), 400, "BadRequest", "invalid resource name"));
        cases.add(new Case("name ../../x", "PATCH", CMS + "/..%2F..%2Fx" + q, APPLY, config("../../x", "k: a"), 400, "BadRequest",
                "invalid resource name"));
        cases.add(new Case("namespace ..", "PATCH", "/api/v1/namespaces/../configmaps/x" + q, APPLY, config("x", "k: a"), 400,
                "BadRequest", "invalid namespace"));
        cases.add(new Case("a namespace that does not exist", "PATCH", "/api/v1/namespaces/nope/configmaps/x" + q, APPLY,
                config("x", "k: a"), 404, "NotFound", "namespaces \"nope\" not found"));
        cases.add(new Case("/status of an object that does not exist", "PATCH", "/apis/apps/v1/namespaces/" + NS
                + "/deployments/none/status" + q, APPLY, "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: none\n",
                404, "NotFound", "deployments.apps \"none\" not found"));
        return cases.stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @Order(1)
    @DisplayName("a client mistake is a 4xx Status and changes nothing")
    void refused(Case c) {
        Response response = server.send(c.method(), c.pathAndQuery(), c.contentType(), c.body());
        assertThat(response.code()).as(response.body()).isEqualTo(c.code());
        JsonNode status = response.json();
        assertThat(status.path("kind").asText()).isEqualTo("Status");
        assertThat(status.path("status").asText()).isEqualTo("Failure");
        assertThat(status.path("reason").asText()).isEqualTo(c.reason());
        assertThat(status.path("code").asInt()).isEqualTo(c.code());
        assertThat(status.path("message").asText()).contains(c.message());
        assertThat(server.get(CM).rv()).as("the object is unchanged").isEqualTo(storedRv);
    }

    // tag::nothing-escapes[]
    @Test
    @Order(2)
    @DisplayName("after all of it, every key in etcd is under /registry/ and no refused name was stored")
    void nothingOutsideTheRegistry() {
        ByteSequence from = ByteSequence.from(new byte[] {0});
        List<KeyValue> kvs = Await.result(etcd.getKVClient().get(from,
                GetOption.builder().withRange(from).withKeysOnly(true).build())).getKvs();
        List<String> keys = kvs.stream().map(kv -> kv.getKey().toString(StandardCharsets.UTF_8)).toList();
        assertThat(keys).isNotEmpty().allSatisfy(key -> assertThat(key).startsWith("/registry/"));
        assertThat(keys).contains("/registry/configmaps/bad/cm")
                .noneMatch(key -> key.contains("..") || key.contains("a/b") || key.contains("/nope/") || key.endsWith("/x"));
    }
    // end::nothing-escapes[]
}
