package io.rvlab.ch06.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch06.TestServer;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.kubectl.Kubectl;
import java.nio.file.Path;
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
    private Kubectl kubectl;

    KubectlApplyTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void start() throws Exception {
        Path binary = Kubectl.find().orElse(null);
        Assumptions.assumeTrue(binary != null, "kubectl is not installed: skipping the kubectl apply checks");
        server = new TestServer(etcd);
        String namespace = server.namespace("kubectl6");
        kubectl = Kubectl.forServer(binary, server.url().toString(), namespace); // its own kubeconfig, cache and HOME
        kubectl.file("cm.yaml", """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: cm-kubectl
                data:
                  color: red
                  size: large
                """);
        kubectl.file("cm-other.yaml", """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: cm-kubectl
                data:
                  color: blue
                """);
        kubectl.file("deploy.yaml", """
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
        if (kubectl != null) {
            kubectl.close();
        }
    }

    private Kubectl.Result kubectl(String... args) throws Exception {
        return kubectl.run(args);
    }

    @Test
    @Order(1)
    @DisplayName("kubectl apply --server-side creates the configmap, owned by the manager \"kubectl\"")
    void applyCreates() throws Exception {
        Kubectl.Result run = kubectl("apply", "--server-side", "-f", "cm.yaml");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("configmap/cm-kubectl serverside-applied");
        Kubectl.Result yaml = kubectl("get", "configmap", "cm-kubectl", "-o", "yaml", "--show-managed-fields");
        assertThat(yaml.out()).contains("manager: kubectl").contains("operation: Apply").contains("f:color: {}");
    }

    // tag::kubectl-conflict[]
    @Test
    @Order(2)
    @DisplayName("another field manager applying a different color: kubectl fails and prints the real conflict text")
    void conflict() throws Exception {
        Kubectl.Result run = kubectl("apply", "--server-side", "--field-manager=other", "-f", "cm-other.yaml");
        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err()).contains("error: Apply failed with 1 conflict: conflict with \"kubectl\": .data.color")
                .contains("Please review the fields above");
        assertThat(kubectl("get", "configmap", "cm-kubectl", "-o", "jsonpath={.data.color}").out()).isEqualTo("red");
    }

    @Test
    @Order(3)
    @DisplayName("--force-conflicts takes data.color; kubectl keeps data.size")
    void forceConflicts() throws Exception {
        Kubectl.Result run = kubectl("apply", "--server-side", "--field-manager=other", "--force-conflicts", "-f", "cm-other.yaml");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("configmap/cm-kubectl serverside-applied");
        Kubectl.Result yaml = kubectl("get", "configmap", "cm-kubectl", "-o", "yaml", "--show-managed-fields");
        assertThat(yaml.out()).contains("color: blue").contains("size: large").contains("manager: other");
    }
    // end::kubectl-conflict[]

    @Test
    @Order(4)
    @DisplayName("kubectl apply --server-side creates a Deployment; get -o yaml --show-managed-fields shows who owns its container")
    void deployment() throws Exception {
        Kubectl.Result run = kubectl("apply", "--server-side", "-f", "deploy.yaml");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("deployment.apps/web serverside-applied");
        Kubectl.Result again = kubectl("apply", "--server-side", "-f", "deploy.yaml");
        assertThat(again.exitCode()).as(again.err()).isZero();
        Kubectl.Result yaml = kubectl("get", "deployment", "web", "-o", "yaml", "--show-managed-fields");
        assertThat(yaml.exitCode()).as(yaml.err()).isZero();
        assertThat(yaml.out()).contains("managedFields:").contains("manager: kubectl").contains("operation: Apply")
                .contains("k:{\"name\":\"nginx\"}").contains("generation: 1");
    }
}
