package io.rvlab.ch03.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.ch03.support.Objects;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/** The real kubectl against the chapter 3 server: replace, patch, delete. Skipped without kubectl. */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("kubectl against the chapter 3 server")
class KubectlReplaceTest {

    private final Client client;
    private ApiServer server;
    private Path kubectl;
    private Path work;
    private final String ns = Objects.uniqueNamespace("kubectl3");

    KubectlReplaceTest(Client client) {
        this.client = client;
    }

    record Result(int exitCode, String out, String err) {
    }

    @BeforeAll
    void start() throws Exception {
        Path usual = Path.of("/usr/bin/kubectl");
        Assumptions.assumeTrue(Files.isExecutable(usual), "kubectl is not installed at /usr/bin/kubectl: skipping the kubectl checks");
        kubectl = usual;
        work = Files.createTempDirectory("rvlab-kubectl3-");
        server = ConcurrencyApiServer.start(new EtcdUpdatableStorage(client), "127.0.0.1", 0);
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private Result kubectl(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(kubectl.toString(), "--kubeconfig=/dev/null",
                "--server=" + server.url(), "--cache-dir=" + work.resolve("cache")));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("kubectl finished").isTrue();
        return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    // tag::kubectl-replace[]
    @Test
    @DisplayName("kubectl replace -f with a stale resourceVersion prints the conflict and exits non-zero; patch and delete work")
    void replaceWithStaleResourceVersion() throws Exception {
        assertThat(kubectl("create", "namespace", ns).exitCode()).isZero();
        Result created = kubectl("create", "configmap", "x", "--from-literal=a=b", "-n", ns);
        assertThat(created.out()).as(created.err()).isEqualTo("configmap/x created\n");
        String stale = kubectl("get", "configmap", "x", "-n", ns, "-o", "yaml").out();
        Path file = work.resolve("x.yaml");
        Files.writeString(file, stale.replace("a: b", "a: stale"));

        Result patched = kubectl("patch", "configmap", "x", "-n", ns, "--type", "merge", "-p", "{\"data\":{\"a\":\"c\"}}");
        assertThat(patched.out()).as(patched.err()).isEqualTo("configmap/x patched\n");

        Result replaced = kubectl("replace", "--validate=false", "-f", file.toString());
        assertThat(replaced.exitCode()).isNotZero();
        assertThat(replaced.err()).contains("Operation cannot be fulfilled on configmaps \"x\": the object has been modified; "
                + "please apply your changes to the latest version and try again");
        assertThat(kubectl("get", "configmap", "x", "-n", ns, "-o", "jsonpath={.data.a}").out()).isEqualTo("c");

        Result deleted = kubectl("delete", "configmap", "x", "-n", ns);
        assertThat(deleted.out()).as(deleted.err()).isEqualTo("configmap \"x\" deleted\n");
    }
    // end::kubectl-replace[]
}
