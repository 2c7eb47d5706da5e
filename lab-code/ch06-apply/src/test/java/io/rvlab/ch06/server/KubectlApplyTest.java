package io.rvlab.ch06.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch06.TestServer;
import io.rvlab.support.etcd.EtcdExtension;
import java.io.File;
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
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The real kubectl against chapter 6's server: {@code kubectl apply --server-side}, a second field
 * manager that conflicts (kubectl prints the server's conflict and its own advice), then
 * {@code --force-conflicts}; a Deployment applied and read back with {@code --show-managed-fields}.
 * Skipped where kubectl is not installed.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@DisplayName("kubectl apply --server-side against the chapter 6 server")
class KubectlApplyTest {

    private final Client etcd;
    private TestServer server;
    private Path kubectl;
    private Path work;

    KubectlApplyTest(Client etcd) {
        this.etcd = etcd;
    }

    /** What one kubectl run printed, and how it exited. */
    record Run(int exitCode, String out, String err) {
    }

    @BeforeAll
    void start() throws Exception {
        kubectl = Files.isExecutable(Path.of("/usr/bin/kubectl")) ? Path.of("/usr/bin/kubectl") : onPath();
        Assumptions.assumeTrue(kubectl != null, "kubectl is not installed: skipping the kubectl apply checks");
        server = new TestServer(etcd);
        String namespace = server.namespace("kubectl6");
        work = Files.createTempDirectory("rvlab-kubectl6-");
        Files.writeString(work.resolve("kubeconfig"), """
                apiVersion: v1
                kind: Config
                clusters:
                - name: rvlab
                  cluster:
                    server: %s
                contexts:
                - name: rvlab
                  context:
                    cluster: rvlab
                    namespace: %s
                current-context: rvlab
                """.formatted(server.url(), namespace));
        Files.writeString(work.resolve("cm.yaml"), """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: cm-kubectl
                data:
                  color: red
                  size: large
                """);
        Files.writeString(work.resolve("cm-other.yaml"), """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: cm-kubectl
                data:
                  color: blue
                """);
        Files.writeString(work.resolve("deploy.yaml"), """
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: web
                spec:
                  replicas: 2
                  selector:
                    matchLabels:
                      app: web
                  template:
                    metadata:
                      labels:
                        app: web
                    spec:
                      containers:
                      - name: nginx
                        image: nginx:1.25
                """);
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (work != null) {
            try (var files = Files.walk(work)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    private static Path onPath() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "kubectl");
            if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private Run kubectl(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(kubectl.toString(),
                "--kubeconfig=" + work.resolve("kubeconfig"), "--cache-dir=" + work.resolve("cache")));
        command.addAll(List.of(args));
        Path out = work.resolve("out-" + System.nanoTime());
        Path err = work.resolve("err-" + System.nanoTime());
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("HOME", work.toString());
        builder.environment().remove("KUBECONFIG");
        Process process = builder.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("kubectl " + String.join(" ", args) + " finished").isTrue();
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    @Order(1)
    @DisplayName("kubectl apply --server-side creates the configmap, owned by the manager \"kubectl\"")
    void applyCreates() throws Exception {
        Run run = kubectl("apply", "--server-side", "-f", "cm.yaml");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("configmap/cm-kubectl serverside-applied");
        Run yaml = kubectl("get", "configmap", "cm-kubectl", "-o", "yaml", "--show-managed-fields");
        assertThat(yaml.out()).contains("manager: kubectl").contains("operation: Apply").contains("f:color: {}");
    }

    // tag::kubectl-conflict[]
    @Test
    @Order(2)
    @DisplayName("another field manager applying a different color: kubectl fails and prints the real conflict text")
    void conflict() throws Exception {
        Run run = kubectl("apply", "--server-side", "--field-manager=other", "-f", "cm-other.yaml");
        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err()).contains("error: Apply failed with 1 conflict: conflict with \"kubectl\": .data.color")
                .contains("Please review the fields above");
        assertThat(kubectl("get", "configmap", "cm-kubectl", "-o", "jsonpath={.data.color}").out()).isEqualTo("red");
    }

    @Test
    @Order(3)
    @DisplayName("--force-conflicts takes data.color; kubectl keeps data.size")
    void forceConflicts() throws Exception {
        Run run = kubectl("apply", "--server-side", "--field-manager=other", "--force-conflicts", "-f", "cm-other.yaml");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("configmap/cm-kubectl serverside-applied");
        Run yaml = kubectl("get", "configmap", "cm-kubectl", "-o", "yaml", "--show-managed-fields");
        assertThat(yaml.out()).contains("color: blue").contains("size: large").contains("manager: other");
    }
    // end::kubectl-conflict[]

    @Test
    @Order(4)
    @DisplayName("kubectl apply --server-side creates a Deployment; get -o yaml --show-managed-fields shows who owns its container")
    void deployment() throws Exception {
        Run run = kubectl("apply", "--server-side", "-f", "deploy.yaml");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("deployment.apps/web serverside-applied");
        Run again = kubectl("apply", "--server-side", "-f", "deploy.yaml");
        assertThat(again.exitCode()).as(again.err()).isZero();
        Run yaml = kubectl("get", "deployment", "web", "-o", "yaml", "--show-managed-fields");
        assertThat(yaml.exitCode()).as(yaml.err()).isZero();
        assertThat(yaml.out()).contains("managedFields:").contains("manager: kubectl").contains("operation: Apply")
                .contains("k:{\"name\":\"nginx\"}").contains("generation: 1");
    }
}
