package io.rvlab.ch03.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.etcd.jetcd.Client;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.ch03.support.Objects;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.kubectl.Kubectl;
import io.rvlab.support.kubectl.Kubectl.Result;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The real kubectl against the chapter 3 server, with its default client-side settings (validation
 * included): get, create -f, replace -f into a conflict, the three kinds of patch, delete, and
 * not-found. kubectl runs in a temporary directory with its own kubeconfig and cache. Skipped where
 * kubectl is not installed.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("kubectl against the chapter 3 server")
class KubectlReplaceTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Client client;
    private ConcurrencyApiServer server;
    private Kubectl kubectl;
    private final String ns = Objects.uniqueNamespace("kubectl3");

    KubectlReplaceTest(Client client) {
        this.client = client;
    }

    @BeforeAll
    void start() throws Exception {
        Path binary = Kubectl.find().orElse(null);
        Assumptions.assumeTrue(binary != null, "kubectl is not installed (not on the PATH, not /usr/bin/kubectl): "
                + "skipping the kubectl checks");
        server = ConcurrencyApiServer.start(new EtcdUpdatableStorage(client), "127.0.0.1", 0);
        kubectl = Kubectl.forServer(binary, server.url().toString(), ns); // its own kubeconfig, cache and HOME
        assertThat(kubectl("create", "namespace", ns).exitCode()).isZero();
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (kubectl != null) {
            kubectl.close();
        }
    }

    /** Runs kubectl with the test's kubeconfig and cache, nothing on stdin. */
    private Result kubectl(String... args) throws Exception {
        return kubectl.run(args);
    }

    private Path file(String name, String content) throws Exception {
        return kubectl.file(name, content);
    }

    @Test
    @DisplayName("get -o json and -o yaml show the object with its resourceVersion")
    void get() throws Exception {
        Result created = kubectl("create", "configmap", "shown", "--from-literal=a=b");
        assertThat(created.out()).as(created.err()).isEqualTo("configmap/shown created\n");
        Result json = kubectl("get", "configmap", "shown", "-o", "json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode object = JSON.readTree(json.out());
        assertThat(object.path("kind").asText()).isEqualTo("ConfigMap");
        assertThat(object.path("data").path("a").asText()).isEqualTo("b");
        assertThat(object.path("metadata").path("resourceVersion").asText()).matches("[1-9][0-9]*");
        Result yaml = kubectl("get", "configmap", "shown", "-o", "yaml");
        assertThat(yaml.out()).contains("kind: ConfigMap", "  a: b", "resourceVersion: \""
                + object.path("metadata").path("resourceVersion").asText() + "\"");
    }

    // tag::kubectl-replace[]
    @Test
    @DisplayName("create -f, then replace -f with a stale resourceVersion: the real conflict message and a non-zero exit")
    void replaceWithStaleResourceVersion() throws Exception {
        file("demo.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: demo\ndata:\n  greeting: hello\n");
        Result created = kubectl("create", "-f", "demo.yaml"); // default validation: kubectl reads /openapi/v3
        assertThat(created.out()).as(created.err()).isEqualTo("configmap/demo created\n");
        String stale = kubectl("get", "configmap", "demo", "-o", "yaml").out();
        file("stale.yaml", stale.replace("greeting: hello", "greeting: stale"));

        Result patched = kubectl("patch", "configmap", "demo", "--type", "merge", "-p", "{\"data\":{\"greeting\":\"hi\"}}");
        assertThat(patched.out()).as(patched.err()).isEqualTo("configmap/demo patched\n");

        Result replaced = kubectl("replace", "-f", "stale.yaml");
        assertThat(replaced.exitCode()).isNotZero();
        assertThat(replaced.err()).isEqualTo("Error from server (Conflict): error when replacing \"stale.yaml\": "
                + "Operation cannot be fulfilled on configmaps \"demo\": the object has been modified; "
                + "please apply your changes to the latest version and try again\n");
        assertThat(kubectl("get", "configmap", "demo", "-o", "jsonpath={.data.greeting}").out()).isEqualTo("hi");
    }
    // end::kubectl-replace[]

    // tag::kubectl-foo[]
    @Test
    @DisplayName("a custom resource: create -f and get foos work; a PUT without a resourceVersion is the 422 Invalid, "
            + "which replace -f avoids by reading the resourceVersion first")
    void replaceFooWithoutResourceVersion() throws Exception {
        file("foo.yaml", "apiVersion: rvlab.io/v1\nkind: Foo\nmetadata:\n  name: foo-a\nspec:\n  bar: \"0\"\n  baz: \"0\"\n");
        Result created = kubectl("create", "-f", "foo.yaml"); // validated against /openapi/v3/apis/rvlab.io/v1
        assertThat(created.out()).as(created.err()).isEqualTo("foo.rvlab.io/foo-a created\n");
        Result listed = kubectl("get", "foos");
        assertThat(listed.out()).as(listed.err()).startsWith("NAME    AGE\nfoo-a   ");

        // The file as written, without metadata.resourceVersion, PUT as it is (--raw sends the file's bytes).
        file("foo-without-rv.json", "{\"apiVersion\":\"rvlab.io/v1\",\"kind\":\"Foo\",\"metadata\":{\"name\":\"foo-a\"},"
                + "\"spec\":{\"bar\":\"A\",\"baz\":\"0\"}}");
        Result raw = kubectl("replace", "--raw", "/apis/rvlab.io/v1/namespaces/" + ns + "/foos/foo-a", "-f", "foo-without-rv.json");
        assertThat(raw.exitCode()).isNotZero();
        assertThat(raw.err()).isEqualTo("The foos \"foo-a\" is invalid: metadata.resourceVersion: Invalid value: 0: "
                + "must be specified for an update\n");
        assertThat(kubectl("get", "foo", "foo-a", "-o", "jsonpath={.spec.bar}").out()).isEqualTo("0");

        // replace -f never sends that PUT: finding no resourceVersion in the file, kubectl (cli-runtime's
        // Helper.Replace) GETs the object and PUTs the file with the resourceVersion it just read.
        file("foo-without-rv.yaml", "apiVersion: rvlab.io/v1\nkind: Foo\nmetadata:\n  name: foo-a\nspec:\n  bar: A\n  baz: \"0\"\n");
        Result replaced = kubectl("replace", "-v=6", "-f", "foo-without-rv.yaml");
        assertThat(replaced.out()).as(replaced.err()).isEqualTo("foo.rvlab.io/foo-a replaced\n");
        String object = "/apis/rvlab.io/v1/namespaces/" + ns + "/foos/foo-a";
        assertThat(replaced.err().lines().filter(line -> line.contains(object)).map(line -> line.replaceAll(".*\\] (\\w+) .*", "$1")))
                .containsExactly("GET", "PUT");
        assertThat(kubectl("get", "foo", "foo-a", "-o", "jsonpath={.spec.bar} {.metadata.generation}").out()).isEqualTo("A 2");
    }
    // end::kubectl-foo[]

    @Test
    @DisplayName("create -f with a misspelt field: the server's strict decoding error, as from Kubernetes")
    void strictFieldValidation() throws Exception {
        file("typo.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: typo\nspec:\n  selector:\n    matchLabels: {app: t}\n"
                + "  template:\n    metadata:\n      labels: {app: t}\n    spec:\n      containers:\n      - name: app\n"
                + "        image: nginx\n        imagePullPolcy: Always\n");
        Result created = kubectl("create", "-f", "typo.yaml");
        assertThat(created.exitCode()).isNotZero();
        assertThat(created.err()).isEqualTo("Error from server (BadRequest): error when creating \"typo.yaml\": Deployment in "
                + "version \"v1\" cannot be handled as a Deployment: strict decoding error: unknown field "
                + "\"spec.template.spec.containers[0].imagePullPolcy\"\n");
        assertThat(kubectl("create", "--validate=false", "-f", "typo.yaml").out()).isEqualTo("deployment.apps/typo created\n");
        assertThat(kubectl("get", "deployment", "typo", "-o", "json").out()).doesNotContain("imagePullPolcy");
    }

    @Test
    @DisplayName("patch: strategic merge (the default) merges containers by name; --type json applies, and a failed test is refused")
    void patches() throws Exception {
        file("web.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n"
                + "  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: app\n"
                + "        image: nginx:1\n        env:\n        - {name: A, value: \"1\"}\n      - name: log\n        image: busybox\n");
        assertThat(kubectl("create", "-f", "web.yaml").exitCode()).isZero();

        Result strategic = kubectl("patch", "deployment", "web", "-p",
                "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"app\",\"image\":\"nginx:2\",\"env\":[{\"name\":\"B\",\"value\":\"2\"}]}]}}}}");
        assertThat(strategic.out()).as(strategic.err()).isEqualTo("deployment.apps/web patched\n");
        JsonNode containers = JSON.readTree(kubectl("get", "deployment", "web", "-o", "json").out())
                .path("spec").path("template").path("spec").path("containers");
        assertThat(List.of(containers.get(0).path("name").asText(), containers.get(1).path("name").asText()))
                .containsExactly("app", "log");
        assertThat(containers.get(0).path("env").findValuesAsText("name")).containsExactly("A", "B");
        assertThat(containers.get(0).path("image").asText()).isEqualTo("nginx:2");

        Result json = kubectl("patch", "deployment", "web", "--type", "json", "-p",
                "[{\"op\":\"test\",\"path\":\"/spec/template/spec/containers/1/name\",\"value\":\"log\"},"
                        + "{\"op\":\"replace\",\"path\":\"/spec/template/spec/containers/1/image\",\"value\":\"busybox:2\"}]");
        assertThat(json.out()).as(json.err()).isEqualTo("deployment.apps/web patched\n");
        Result failed = kubectl("patch", "deployment", "web", "--type", "json", "-p",
                "[{\"op\":\"test\",\"path\":\"/spec/replicas\",\"value\":42},{\"op\":\"replace\",\"path\":\"/spec/replicas\",\"value\":3}]");
        assertThat(failed.exitCode()).isNotZero();
        assertThat(failed.err()).contains("the server rejected our request due to an error in our request");
        assertThat(kubectl("get", "deployment", "web", "-o", "jsonpath={.spec.template.spec.containers[1].image}").out())
                .isEqualTo("busybox:2");
    }

    @Test
    @DisplayName("delete, and a not-found with Kubernetes' message and a non-zero exit")
    void deleteAndNotFound() throws Exception {
        assertThat(kubectl("create", "configmap", "gone", "--from-literal=a=b").exitCode()).isZero();
        Result deleted = kubectl("delete", "configmap", "gone");
        assertThat(deleted.out()).as(deleted.err()).isEqualTo("configmap \"gone\" deleted\n");
        Result missing = kubectl("get", "configmap", "nope");
        assertThat(missing.exitCode()).isNotZero();
        assertThat(missing.err()).isEqualTo("Error from server (NotFound): configmaps \"nope\" not found\n");
        assertThat(kubectl("delete", "configmap", "gone").err()).isEqualTo("Error from server (NotFound): configmaps \"gone\" not found\n");
    }
}
