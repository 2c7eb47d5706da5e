package io.rvlab.ch05.controller;

import static io.rvlab.ch05.controller.Cluster.await;
import static io.rvlab.ch05.controller.Cluster.configMap;
import static io.rvlab.ch05.controller.Cluster.configMaps;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch03.api.RetryOnConflict;
import io.rvlab.ch05.cache.Indexers;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Sixteen controllers, each with its own informer and two workers, all incrementing a counter on
 * the same ConfigMaps, once per controller and ConfigMap, with RetryOnConflict read-modify-writes.
 * Conflicts are many; none is lost: each counter ends at exactly 16, and every controller finishes
 * (a conflict that outlasts RetryOnConflict's attempts goes back to the queue with a backoff).
 */
@ExtendWith(EtcdExtension.class)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@DisplayName("16 controllers racing on the same objects: no lost update, and all finish")
class RacingControllersTest {

    private static final int CONTROLLERS = 16;
    private static final int WORKERS = 2;
    private static final int OBJECTS = 4;

    private final Client etcd;

    RacingControllersTest(Client etcd) {
        this.etcd = etcd;
    }

    // tag::counting-reconciler[]
    /** Adds one to data.count of each ConfigMap, once: a read-modify-write with a conditional PUT. */
    static final class IncrementOnce implements Reconciler {
        private final RestClient client;
        private final String namespace;
        final Set<String> done = ConcurrentHashMap.newKeySet();

        IncrementOnce(RestClient client, String namespace) {
            this.client = client;
            this.namespace = namespace;
        }

        @Override
        public void reconcile(String key) {
            if (done.contains(key)) {
                return; // this controller's increment is in: the events of the others' need nothing
            }
            String path = configMaps(namespace) + "/" + key.substring(key.indexOf('/') + 1);
            RetryOnConflict.run(RetryOnConflict.DEFAULT_BACKOFF, () -> {
                ObjectNode current = client.get(path); // afresh on every attempt
                long count = Long.parseLong(current.path("data").path("count").asText("0"));
                ((ObjectNode) current.get("data")).put("count", Long.toString(count + 1));
                return client.update(path, current); // 409 if anyone wrote since the GET
            });
            done.add(key);
        }
    }
    // end::counting-reconciler[]

    @Test
    @DisplayName("16 controllers x 2 workers x 4 ConfigMaps: every counter ends at 16")
    void noLostUpdate() throws Exception {
        try (Cluster cluster = Cluster.start(etcd)) {
            String ns = cluster.namespace("race");
            List<String> names = new ArrayList<>();
            for (int i = 0; i < OBJECTS; i++) {
                ObjectNode cm = configMap("counter-" + i, null);
                ((ObjectNode) cm.get("data")).put("count", "0");
                cluster.api.create(configMaps(ns), cm);
                names.add("counter-" + i);
            }
            AtomicInteger conflicts = new AtomicInteger();
            List<Controller> controllers = new ArrayList<>();
            List<IncrementOnce> reconcilers = new ArrayList<>();
            try {
                for (int c = 0; c < CONTROLLERS; c++) {
                    RestClient client = new RestClient(RestConfig.forUrl(cluster.server.url()))
                            .withListener(new RestClient.Listener() {
                                @Override
                                public void received(String method, String path, int code) {
                                    if (code == 409) {
                                        conflicts.incrementAndGet();
                                    }
                                }
                            });
                    SharedInformer informer = new SharedInformer("race-" + c,
                            new ResourceListerWatcher(client.config(), configMaps(ns)), ReflectorOptions.CLIENT_GO,
                            Map.of(Indexers.NAMESPACE, Indexers.byNamespace()));
                    IncrementOnce reconciler = new IncrementOnce(client, ns);
                    reconcilers.add(reconciler);
                    controllers.add(Controller.run("race-" + c, informer, reconciler, WORKERS));
                }

                await("every controller incremented every ConfigMap", () -> reconcilers.stream()
                        .allMatch(r -> r.done.size() == OBJECTS));
            } finally {
                controllers.forEach(Controller::close);
            }

            for (String name : names) {
                assertThat(cluster.api.get(configMaps(ns) + "/" + name).path("data").path("count").asText())
                        .as("%s: one increment per controller, none lost", name).isEqualTo(Integer.toString(CONTROLLERS));
            }
            // How many 409s it took varies from run to run (usually dozens); that they were survived is the point.
            System.out.println("RacingControllersTest: " + conflicts.get() + " conflicts along the way");
        }
    }
}
