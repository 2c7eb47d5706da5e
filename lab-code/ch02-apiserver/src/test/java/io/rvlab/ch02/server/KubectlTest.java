package io.rvlab.ch02.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.support.Objects;
import io.rvlab.support.etcd.EtcdExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The real kubectl against this server, with no kubeconfig at all: discovery, create (kubectl
 * sends protobuf for built-in kinds), get, list across namespaces, paging with --chunk-size, and
 * the error messages kubectl prints from our Status bodies. Skipped when kubectl is not installed.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("kubectl against the API server")
class KubectlTest {

    private final Client client;
    private ApiServer server;
    private Path kubectl;
    private Path cacheDir;
    private final String ns = Objects.uniqueNamespace("kubectl");

    KubectlTest(Client client) {
        this.client = client;
    }

    record Result(int exitCode, String out, String err) {
    }

    @BeforeAll
    void start() throws IOException {
        kubectl = findKubectl();
        Assumptions.assumeTrue(kubectl != null,
                "kubectl is not installed (looked for /usr/bin/kubectl and on PATH): skipping the kubectl checks");
        cacheDir = Files.createTempDirectory("rvlab-kubectl-cache-");
        server = ApiServer.start(new EtcdStorage(client), "127.0.0.1", 0);
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static Path findKubectl() {
        Path usual = Path.of("/usr/bin/kubectl");
        if (Files.isExecutable(usual)) {
            return usual;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(dir, "kubectl");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private Result kubectl(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(kubectl.toString(), "--kubeconfig=/dev/null",
                "--server=" + server.url(), "--cache-dir=" + cacheDir));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        var out = process.getInputStream().readAllBytes();
        var err = process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("kubectl finished").isTrue();
        return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    @Test
    @DisplayName("kubectl creates a namespace, a configmap and a deployment, and lists them; resourceVersion = mod_revision")
    void createAndGet() throws Exception {
        assertThat(kubectl("get", "namespaces").out()).contains("default", "kube-public", "kube-system");
        assertThat(kubectl("create", "namespace", ns).out()).isEqualTo("namespace/" + ns + " created\n");
        Result created = kubectl("create", "configmap", "x", "--from-literal=a=b", "-n", ns);
        assertThat(created.out()).as(created.err()).isEqualTo("configmap/x created\n");
        Result deployment = kubectl("create", "deployment", "web", "--image=nginx", "--replicas=2", "-n", ns);
        assertThat(deployment.out()).as(deployment.err()).isEqualTo("deployment.apps/web created\n");

        Result yaml = kubectl("get", "configmaps", "-A", "-o", "yaml");
        assertThat(yaml.exitCode()).as(yaml.err()).isZero();
        assertThat(yaml.out()).contains("kind: List", "kind: ConfigMap", "name: x", "namespace: " + ns, "a: b");
        long modRevision = Await.result(client.getKVClient().get(Bytes.bytes("/registry/configmaps/" + ns + "/x")))
                .getKvs().get(0).getModRevision();
        assertThat(kubectl("get", "configmap", "x", "-n", ns, "-o", "jsonpath={.metadata.resourceVersion}").out())
                .isEqualTo(Long.toString(modRevision));
        Result deployments = kubectl("get", "deploy", "-n", ns);
        assertThat(deployments.out()).as("server-side printing gives kubectl its columns")
                .startsWith("NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    0/2     0            0           ");
        assertThat(kubectl("get", "configmaps", "-n", ns).out()).startsWith("NAME   DATA   AGE\nx      1      ");
        assertThat(kubectl("get", "deploy", "-A").out()).contains(ns, "web");
        assertThat(kubectl("get", "deploy", "web", "-n", ns, "-o", "jsonpath={.spec.replicas} {.metadata.generation}").out())
                .isEqualTo("2 1");
    }

    @Test
    @DisplayName("kubectl --chunk-size pages with limit and continue, and still lists every object")
    void chunks() throws Exception {
        String paged = ns + "-p";
        kubectl("create", "namespace", paged);
        for (int i = 0; i < 5; i++) {
            kubectl("create", "configmap", "cm-" + i, "--from-literal=i=" + i, "-n", paged);
        }
        Result result = kubectl("get", "configmaps", "-n", paged, "--chunk-size=2", "-o", "name", "-v=6");
        assertThat(result.out()).isEqualTo("configmap/cm-0\nconfigmap/cm-1\nconfigmap/cm-2\nconfigmap/cm-3\nconfigmap/cm-4\n");
        assertThat(result.err()).as("kubectl's log shows the paged requests").contains("limit=2").contains("continue=");
    }

    @Test
    @DisplayName("kubectl prints our Status errors the way it prints kube-apiserver's")
    void errors() throws Exception {
        Result missing = kubectl("get", "configmap", "nope", "-n", "default");
        assertThat(missing.exitCode()).isNotZero();
        assertThat(missing.err()).contains("Error from server (NotFound): configmaps \"nope\" not found");
        kubectl("create", "configmap", "twice", "-n", "default", "--from-literal=a=b");
        Result twice = kubectl("create", "configmap", "twice", "-n", "default", "--from-literal=a=b");
        // kubectl 1.32 words create errors "error: failed to create configmap: <Status message>".
        assertThat(twice.err()).contains("configmaps \"twice\" already exists");
        Result noNamespace = kubectl("create", "configmap", "x", "-n", "does-not-exist", "--from-literal=a=b");
        assertThat(noNamespace.err()).contains("namespaces \"does-not-exist\" not found");
        Result invalid = kubectl("create", "configmap", "Bad_Name", "-n", "default", "--from-literal=a=b");
        assertThat(invalid.err()).contains("ConfigMap \"Bad_Name\" is invalid: metadata.name: Invalid value: \"Bad_Name\"");
        Result delete = kubectl("delete", "configmap", "twice", "-n", "default");
        assertThat(delete.err()).as("delete comes in chapter 3").contains("MethodNotAllowed");
    }
}
