package io.rvlab.ch05.controller;

import static io.rvlab.ch05.controller.Cluster.await;
import static io.rvlab.ch05.controller.Cluster.deployment;
import static io.rvlab.ch05.controller.Cluster.deployments;
import static io.rvlab.ch05.controller.Cluster.mergePatch;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch05.cache.Indexers;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.client.RestConfig;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The observed-generation controller on an informer, and the naive one without a loop guard: with
 * the guard, status is written once per new generation and then nothing; without it, the
 * controller's own writes wake it up forever.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@DisplayName("DeploymentStatusController: observedGeneration follows generation, and the controller does not loop")
class DeploymentStatusControllerTest extends SharedCluster {

    DeploymentStatusControllerTest(Client etcd) {
        super(etcd);
    }

    private static boolean observed(JsonNode deployment) {
        return deployment.path("metadata").path("generation").asLong()
                == deployment.path("status").path("observedGeneration").asLong(0);
    }

    private boolean observedOnServer(String ns, String name) {
        return observed(cluster.api.get(deployments(ns) + "/" + name));
    }

    private static boolean observedInCache(Controller controller, String ns, String name) {
        return controller.informer().indexer().getByKey(ns + "/" + name).map(d -> observed(d)).orElse(false);
    }

    // tag::status-controller-test[]
    @Test
    @DisplayName("answers each new generation with one status write through /status; its own write, and label changes, reconcile to nothing")
    void convergesThenQuiet() throws Exception {
        String ns = cluster.namespace("status");
        cluster.api.create(deployments(ns), deployment("web", 3));
        cluster.api.create(deployments(ns), deployment("api", 1));
        AtomicInteger writes = new AtomicInteger();
        RestClient client = Cluster.counting(new RestClient(RestConfig.forUrl(cluster.server.url())), writes);

        try (Controller controller = DeploymentStatusController.start(client, ns, 2)) {
            await("both observed, and the controller's writes back in its cache", () -> List.of("web", "api").stream()
                    .allMatch(n -> observedOnServer(ns, n) && observedInCache(controller, ns, n)) && controller.isIdle());
            assertThat(writes.get()).as("one status write per Deployment").isEqualTo(2);
            assertThat(cluster.api.get(deployments(ns) + "/web").path("status").path("readyReplicas").asLong()).isEqualTo(3);

            // a spec change: a new generation, answered once
            cluster.api.patch(deployments(ns) + "/web", mergePatch("{\"spec\":{\"replicas\":5}}"));
            await("generation 2 observed", () -> cluster.api.get(deployments(ns) + "/web")
                    .path("status").path("observedGeneration").asLong() == 2);
            await("settled", () -> observedInCache(controller, ns, "web") && controller.isIdle());
            assertThat(writes.get()).isEqualTo(3);

            // label changes move the resourceVersion, not the generation: reconciled, nothing written
            int before = controller.reconciles();
            cluster.api.patch(deployments(ns) + "/web", mergePatch("{\"metadata\":{\"labels\":{\"touched\":\"1\"}}}"));
            cluster.api.patch(deployments(ns) + "/api", mergePatch("{\"metadata\":{\"labels\":{\"touched\":\"1\"}}}"));
            await("both reconciled", () -> controller.reconciles() >= before + 2 && controller.isIdle());
            assertThat(writes.get()).as("quiet after convergence").isEqualTo(3);
            assertThat(controller.failures()).isZero();
        }
    }
    // end::status-controller-test[]

    @Test
    @DisplayName("with the guard always saying yes but a status that depends on the spec alone, the second write is a no-op on the server and the loop stops by luck")
    void alwaysGuardStopsByLuck() throws Exception {
        String ns = cluster.namespace("luck");
        cluster.api.create(deployments(ns), deployment("web", 2));
        AtomicInteger writes = new AtomicInteger();
        RestClient client = Cluster.counting(new RestClient(RestConfig.forUrl(cluster.server.url())), writes);
        SharedInformer informer = new SharedInformer("luck", new ResourceListerWatcher(client.config(), deployments(ns)),
                ReflectorOptions.CLIENT_GO, Map.of(Indexers.NAMESPACE, Indexers.byNamespace()));

        try (Controller controller = Controller.run("luck", informer,
                new DeploymentStatusController(client, informer.indexer(), LoopGuard.ALWAYS), 1)) {
            await("the status written, and its own event answered", () -> writes.get() >= 2
                    && observedInCache(controller, ns, "web") && controller.isIdle());
            long settled = Cluster.rv(cluster.api.get(deployments(ns) + "/web"));
            assertThat(writes.get()).as("the status write, then the same status again for its own event").isEqualTo(2);
            assertThat(Cluster.rv(informer.indexer().getByKey(ns + "/web").orElseThrow()))
                    .as("the identical write kept the resourceVersion: no event, no third write").isEqualTo(settled);
        }
    }

    // tag::naive-loop-test[]
    @Test
    @DisplayName("without a loop guard (and a timestamp in status), the controller's own writes wake it forever: 20 writes and counting, nobody changing the spec")
    void naiveControllerLoops() throws Exception {
        String ns = cluster.namespace("loop");
        long created = Cluster.rv(cluster.api.create(deployments(ns), deployment("web", 1)));
        RestClient client = new RestClient(RestConfig.forUrl(cluster.server.url()));
        SharedInformer informer = new SharedInformer("loop", new ResourceListerWatcher(client.config(), deployments(ns)),
                ReflectorOptions.CLIENT_GO, Map.of(Indexers.NAMESPACE, Indexers.byNamespace()));
        NaiveLoopingController naive = new NaiveLoopingController(client, informer.indexer());

        try (Controller controller = Controller.run("naive", informer, naive, 1)) {
            await("20 writes", () -> naive.writes() >= 20); // it would go on: closing is what stops it
        }
        JsonNode web = cluster.api.get(deployments(ns) + "/web");
        assertThat(web.path("metadata").path("generation").asLong()).as("the spec never changed").isEqualTo(1);
        assertThat(Cluster.rv(web) - created).as("each write a new resourceVersion").isGreaterThanOrEqualTo(20);
    }
    // end::naive-loop-test[]
}
