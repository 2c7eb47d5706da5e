package io.rvlab.ch05.controller;

import static io.rvlab.ch05.controller.Cluster.await;
import static io.rvlab.ch05.controller.Cluster.configMap;
import static io.rvlab.ch05.controller.Cluster.configMaps;
import static io.rvlab.ch05.controller.Cluster.mergePatch;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch05.cache.Indexers;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.client.RestConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The annotation controller on chapter 4's server over the real etcd: it converges (every labelled
 * ConfigMap carries the annotation, also ones created later), then stays quiet (events that need
 * nothing cause reconciles but no writes), repairs a tampered annotation, leaves a ConfigMap that
 * lost its label alone, and runs the same from a kubeconfig.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@DisplayName("AnnotationController: every labelled ConfigMap gets the annotation, once, and then nothing is written")
class AnnotationControllerTest extends SharedCluster {

    static final String LABEL = "rvlab.io/inject";
    static final String ANNOTATION = "rvlab.io/injected";

    AnnotationControllerTest(Client etcd) {
        super(etcd);
    }

    private String annotation(String namespace, String name) {
        return cluster.api.get(configMaps(namespace) + "/" + name).path("metadata").path("annotations")
                .path(ANNOTATION).asText(null);
    }

    private static String cachedAnnotation(Controller controller, String namespace, String name) {
        return controller.informer().indexer().getByKey(namespace + "/" + name)
                .map(cm -> cm.path("metadata").path("annotations").path(ANNOTATION).asText(null)).orElse(null);
    }

    /** Touches {@code names} (a write each, by the test), then waits until each was reconciled and the controller is idle. */
    private void touchAndSettle(Controller controller, String namespace, List<String> names, String patch)
            throws InterruptedException {
        int before = controller.reconciles();
        for (String name : names) {
            cluster.api.patch(configMaps(namespace) + "/" + name, mergePatch(patch));
        }
        await("the touched ConfigMaps reconciled", () -> controller.reconciles() >= before + names.size()
                && controller.isIdle());
    }

    // tag::annotation-controller-test[]
    @Test
    @DisplayName("converges on labelled ConfigMaps (also ones created later), writes once per ConfigMap, then stays quiet")
    void convergesThenQuiet() throws Exception {
        String ns = cluster.namespace("annotate");
        cluster.api.create(configMaps(ns), configMap("a", LABEL));
        cluster.api.create(configMaps(ns), configMap("b", LABEL));
        cluster.api.create(configMaps(ns), configMap("plain", null));
        AtomicInteger writes = new AtomicInteger();
        RestClient client = Cluster.counting(new RestClient(RestConfig.forUrl(cluster.server.url())), writes);

        try (Controller controller = AnnotationController.start(client, ns, LABEL, ANNOTATION, "true", 2)) {
            await("a and b annotated", () -> "true".equals(annotation(ns, "a")) && "true".equals(annotation(ns, "b")));
            cluster.api.create(configMaps(ns), configMap("late", LABEL));
            await("late annotated", () -> "true".equals(annotation(ns, "late")));

            // converged: its own patches came back as events (the cache shows them) and were no-ops
            await("the cache has the controller's writes and the queue is empty", () -> List.of("a", "b", "late")
                    .stream().allMatch(n -> "true".equals(cachedAnnotation(controller, ns, n))) && controller.isIdle());
            assertThat(writes.get()).as("one patch per labelled ConfigMap").isEqualTo(3);

            // quiet: changes that need nothing are reconciled, and nothing is written
            touchAndSettle(controller, ns, List.of("a", "b", "late", "plain"), "{\"data\":{\"k\":\"touched\"}}");
            assertThat(writes.get()).as("no write after convergence").isEqualTo(3);
            assertThat(annotation(ns, "plain")).as("an unlabelled ConfigMap is not annotated").isNull();
            assertThat(controller.failures()).isZero();
        }
    }
    // end::annotation-controller-test[]

    @Test
    @DisplayName("a tampered annotation is put back; a ConfigMap that lost its label is left alone")
    void repairsAndLeavesAlone() throws Exception {
        String ns = cluster.namespace("repair");
        cluster.api.create(configMaps(ns), configMap("kept", LABEL));
        cluster.api.create(configMaps(ns), configMap("released", LABEL));
        AtomicInteger writes = new AtomicInteger();
        RestClient client = Cluster.counting(new RestClient(RestConfig.forUrl(cluster.server.url())), writes);

        try (Controller controller = AnnotationController.start(client, ns, LABEL, ANNOTATION, "true", 2)) {
            await("converged", () -> List.of("kept", "released").stream()
                    .allMatch(n -> "true".equals(cachedAnnotation(controller, ns, n))) && controller.isIdle());
            assertThat(writes.get()).isEqualTo(2);

            touchAndSettle(controller, ns, List.of("released"),
                    "{\"metadata\":{\"labels\":{\"" + LABEL + "\":null},\"annotations\":{\"" + ANNOTATION + "\":\"mine\"}}}");
            touchAndSettle(controller, ns, List.of("kept"),
                    "{\"metadata\":{\"annotations\":{\"" + ANNOTATION + "\":\"tampered\"}}}");
            await("kept repaired", () -> "true".equals(annotation(ns, "kept")));
            await("settled", () -> "true".equals(cachedAnnotation(controller, ns, "kept")) && controller.isIdle());

            assertThat(writes.get()).as("only the repair").isEqualTo(3);
            assertThat(annotation(ns, "released")).as("no label, not ours to touch").isEqualTo("mine");
        }
    }

    @Test
    @DisplayName("periodic resyncs re-deliver every ConfigMap as an update; each is reconciled, and nothing is written")
    void resyncsAreNoOps() throws Exception {
        String ns = cluster.namespace("resync");
        cluster.api.create(configMaps(ns), configMap("a", LABEL));
        cluster.api.create(configMaps(ns), configMap("b", LABEL));
        AtomicInteger writes = new AtomicInteger();
        RestClient client = Cluster.counting(new RestClient(RestConfig.forUrl(cluster.server.url())), writes);
        SharedInformer informer = new SharedInformer("resync", new ResourceListerWatcher(client.config(), configMaps(ns)),
                ReflectorOptions.CLIENT_GO.withResync(Duration.ofMillis(200)),
                Map.of(Indexers.NAMESPACE, Indexers.byNamespace()));
        AnnotationController reconciler = new AnnotationController(client, informer.indexer(), LABEL, ANNOTATION, "true");

        try (Controller controller = Controller.run("resync", informer, reconciler, 2)) {
            await("converged", () -> List.of("a", "b").stream()
                    .allMatch(n -> "true".equals(cachedAnnotation(controller, ns, n))) && controller.isIdle());
            int converged = controller.reconciles();
            await("five more rounds of resync reconciled", () -> controller.reconciles() >= converged + 10);
            assertThat(writes.get()).as("resyncs are not changes").isEqualTo(2);
        }
    }

    // tag::kubeconfig-controller-test[]
    @Test
    @DisplayName("the same controller from a kubeconfig (the course's server, a token it ignores) converges")
    void fromKubeconfig(@TempDir Path dir) throws Exception {
        Path kubeconfig = dir.resolve("config");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                current-context: rvlab
                clusters:
                - name: rvlab
                  cluster:
                    server: %s
                contexts:
                - name: rvlab
                  context: {cluster: rvlab, user: learner}
                users:
                - name: learner
                  user: {token: not-checked-by-the-course-server}
                """.formatted(cluster.server.url()));
        String ns = cluster.namespace("kubeconfig");
        cluster.api.create(configMaps(ns), configMap("one", LABEL));

        RestClient client = new RestClient(RestConfig.fromKubeconfig(kubeconfig, null));
        try (Controller controller = AnnotationController.start(client, ns, LABEL, ANNOTATION, "true", 1)) {
            await("one annotated", () -> "true".equals(annotation(ns, "one")));
        }
    }
    // end::kubeconfig-controller-test[]

    /**
     * Against a real cluster: {@code RVLAB_REAL_CLUSTER=1} and kubectl's kubeconfig
     * ({@code $KUBECONFIG} or {@code ~/.kube/config}), in its context's namespace. Creates two
     * ConfigMaps named {@code rvlab-<random>-...} and deletes them again. Not run in CI.
     */
    @Test
    @EnabledIfEnvironmentVariable(named = "RVLAB_REAL_CLUSTER", matches = "1|true")
    @DisplayName("against a real cluster from the default kubeconfig (only with RVLAB_REAL_CLUSTER=1)")
    void realCluster() throws Exception {
        RestConfig config = RestConfig.fromDefaultKubeconfig();
        RestClient client = new RestClient(config);
        String ns = config.namespace();
        String prefix = "rvlab-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> names = List.of(prefix + "-a", prefix + "-b");
        try {
            for (String name : names) {
                client.create(configMaps(ns), configMap(name, LABEL));
            }
            try (Controller controller = AnnotationController.start(client, ns, LABEL, ANNOTATION, prefix, 2)) {
                await("annotated on the real cluster", () -> names.stream().allMatch(n -> prefix.equals(
                        client.get(configMaps(ns) + "/" + n).path("metadata").path("annotations").path(ANNOTATION).asText())));
            }
        } finally {
            for (String name : names) {
                try {
                    client.delete(configMaps(ns) + "/" + name);
                } catch (RuntimeException ignored) {
                    // best effort
                }
            }
        }
    }
}
