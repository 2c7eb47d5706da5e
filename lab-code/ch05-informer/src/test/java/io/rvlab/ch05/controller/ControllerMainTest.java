package io.rvlab.ch05.controller;

import static io.rvlab.ch05.controller.Cluster.configMap;
import static io.rvlab.ch05.controller.Cluster.configMaps;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.support.etcd.EtcdExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Timeout;

/** {@code ./course controller}: the command line a learner points at a cluster through a kubeconfig. */
@ExtendWith(EtcdExtension.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@DisplayName("./course controller: the annotation controller from the command line")
class ControllerMainTest {

    private final Client etcd;

    ControllerMainTest(Client etcd) {
        this.etcd = etcd;
    }

    @Test
    @DisplayName("with --kubeconfig it works on the cluster the file names, printing the informer's requests and events")
    void kubeconfig(@TempDir Path dir) throws Exception {
        try (Cluster cluster = Cluster.start(etcd)) {
            String ns = cluster.namespace("cli");
            cluster.api.create(configMaps(ns), configMap("web", "rvlab.io/annotate"));
            Path kubeconfig = dir.resolve("config");
            Files.writeString(kubeconfig, """
                    apiVersion: v1
                    kind: Config
                    current-context: course
                    clusters:
                    - {name: course, cluster: {server: %s}}
                    contexts:
                    - {name: course, context: {cluster: course, user: me, namespace: %s}}
                    users:
                    - {name: me, user: {token: unused}}
                    """.formatted(cluster.server.url(), ns));
            ByteArrayOutputStream out = new ByteArrayOutputStream();

            int code = ControllerMain.run(new String[] {"--kubeconfig", kubeconfig.toString(), "--seconds", "3"},
                    new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

            String printed = out.toString(StandardCharsets.UTF_8);
            assertThat(code).isZero();
            assertThat(printed).contains("in namespace " + ns).contains("LIST ").contains("WATCH ")
                    .contains("add     " + ns + "/web");
            assertThat(cluster.api.get(configMaps(ns) + "/web").path("metadata").path("annotations")
                    .path("rvlab.io/annotated").asText()).isEqualTo("true");
        }
    }

    @Test
    @DisplayName("a mistake on the command line is a usage message and exit code 2; an unknown context exit code 1")
    void mistakes(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errors = new PrintStream(err, true, StandardCharsets.UTF_8);
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

        assertThat(ControllerMain.run(new String[] {"--annotation", "no-equals"}, out, errors)).isEqualTo(2);
        assertThat(ControllerMain.run(new String[] {"--seconds", "soon"}, out, errors)).isEqualTo(2);
        Path kubeconfig = dir.resolve("config");
        Files.writeString(kubeconfig, "apiVersion: v1\nkind: Config\ncurrent-context: a\nclusters: []\ncontexts: []\nusers: []\n");
        assertThat(ControllerMain.run(new String[] {"--kubeconfig", kubeconfig.toString(), "--context", "nope"},
                out, errors)).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("needs KEY=VALUE").contains("needs a whole number")
                .contains("cannot use the kubeconfig");
    }
}
