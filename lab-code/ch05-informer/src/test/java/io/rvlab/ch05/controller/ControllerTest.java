package io.rvlab.ch05.controller;

import static io.rvlab.ch05.controller.Cluster.await;
import static io.rvlab.ch05.controller.Cluster.configMap;
import static io.rvlab.ch05.controller.Cluster.configMaps;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch05.cache.Indexers;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** The controller loop itself: keys from events, failures retried with backoff, deletions reconciled. */
@ExtendWith(EtcdExtension.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@DisplayName("Controller: events become keys, a failing reconcile is retried with backoff until it succeeds")
class ControllerTest {

    private final Client etcd;

    ControllerTest(Client etcd) {
        this.etcd = etcd;
    }

    private static SharedInformer informer(Cluster cluster, String ns) {
        return new SharedInformer("test", new ResourceListerWatcher(RestConfig.forUrl(cluster.server.url()), configMaps(ns)),
                ReflectorOptions.CLIENT_GO, Map.of(Indexers.NAMESPACE, Indexers.byNamespace()));
    }

    @Test
    @DisplayName("a reconcile failing three times is retried (rate limited) and its backoff forgotten once it succeeds")
    void retriesFailures() throws Exception {
        try (Cluster cluster = Cluster.start(etcd)) {
            String ns = cluster.namespace("retry");
            cluster.api.create(configMaps(ns), configMap("flaky", null));
            AtomicInteger attempts = new AtomicInteger();
            Reconciler flaky = key -> {
                if (attempts.incrementAndGet() <= 3) {
                    throw new IllegalStateException("attempt " + attempts.get() + " fails");
                }
            };
            try (Controller controller = Controller.run("retry", informer(cluster, ns), flaky, 1)) {
                await("succeeded after the failures", () -> controller.reconciles() >= 1 && controller.isIdle());
                assertThat(controller.failures()).isEqualTo(3);
                assertThat(controller.lastError()).hasMessage("attempt 3 fails");
                assertThat(controller.queue().numRequeues(ns + "/flaky")).as("forgotten after success").isZero();
            }
        }
    }

    @Test
    @DisplayName("adds, updates and deletes all wake the reconcile with the object's key; after a delete the cache no longer has it")
    void keysFromEvents() throws Exception {
        try (Cluster cluster = Cluster.start(etcd)) {
            String ns = cluster.namespace("keys");
            SharedInformer informer = informer(cluster, ns);
            List<String> seen = new CopyOnWriteArrayList<>();
            Map<String, Boolean> present = new ConcurrentHashMap<>();
            Reconciler recorder = key -> {
                seen.add(key);
                present.put(key, informer.indexer().getByKey(key).isPresent());
            };
            try (Controller controller = Controller.run("keys", informer, recorder, 2)) {
                await("synced", informer::hasSynced);
                cluster.api.create(configMaps(ns), configMap("one", null));
                await("the add reconciled", () -> seen.contains(ns + "/one") && Boolean.TRUE.equals(present.get(ns + "/one")));
                cluster.api.delete(configMaps(ns) + "/one");
                await("the delete reconciled, the object gone from the cache",
                        () -> Boolean.FALSE.equals(present.get(ns + "/one")));
                assertThat(seen).containsOnly(ns + "/one");
            }
        }
    }
}
