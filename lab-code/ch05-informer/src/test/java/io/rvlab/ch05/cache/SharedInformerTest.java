package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.RecordingListener.awaitCondition;
import static io.rvlab.ch05.cache.TestCluster.configMap;
import static io.rvlab.ch05.cache.TestCluster.patchData;
import static io.rvlab.ch05.cache.TestCluster.rv;
import static io.rvlab.ch05.cache.TestCluster.summary;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.etcd.EtcdExtension;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(EtcdExtension.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@DisplayName("SharedInformer: reflector, DeltaFIFO, indexer and handlers")
class SharedInformerTest {

    private static final ReflectorOptions QUICK = ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick());

    private static ObjectNode labelled(String name, String app) {
        ObjectNode cm = configMap(name, "1");
        ((ObjectNode) cm.get("metadata")).putObject("labels").put("app", app);
        return cm;
    }

    @Test
    @DisplayName("handlers get the first list as initial adds, then updates (old, new) and deletes, in order, on one thread each; "
            + "the indexer and its label index follow")
    void handlersAndIndexer(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
            ConfigMapClient cms = cluster.namespace("informer");
            String a1 = rv(cms.create(labelled("a", "web")));
            String b1 = rv(cms.create(labelled("b", "db")));
            RecordingHandler first = new RecordingHandler();
            RecordingHandler second = new RecordingHandler();
            try (SharedInformer informer = new SharedInformer("cms", cluster.listerWatcher(cms), QUICK,
                    Map.of("app", Indexers.byLabel("app"), Indexers.NAMESPACE, Indexers.byNamespace()))) {
                informer.addEventHandler(first).addEventHandler(second).start();
                assertThat(informer.waitForSync(Duration.ofSeconds(30))).isTrue();
                assertThat(informer.indexer().indexKeys("app", "web")).containsExactly(TestCluster.namespaceOf(cms) + "/a");

                String a2 = rv(cms.patch("a", "{\"metadata\":{\"labels\":{\"app\":\"db\"}}}"));
                cms.delete("b");
                String c1 = rv(cms.create(configMap("c", "1")));
                awaitCondition("the handler to see c", () -> first.calls().size() == 5);

                assertThat(first.calls().subList(0, 2)).containsExactlyInAnyOrder("add a " + a1 + " initial", "add b " + b1 + " initial");
                assertThat(first.calls().get(2)).isEqualTo("update a " + a1 + "->" + a2);
                assertThat(first.calls().get(3)).matches("delete b \\d+"); // at the deletion's resourceVersion
                assertThat(first.calls().get(4)).isEqualTo("add c " + c1);
                awaitCondition("the second handler too", () -> second.calls().equals(first.calls()));
                assertThat(first.threads()).containsOnly(first.threads().get(0));
                assertThat(second.threads().get(0)).isNotEqualTo(first.threads().get(0));

                assertThat(summary(informer.indexer().list())).isEqualTo(cluster.freshState(cms));
                assertThat(informer.indexer().indexKeys("app", "web")).isEmpty();
                assertThat(informer.indexer().indexKeys("app", "db")).containsExactly(TestCluster.namespaceOf(cms) + "/a");
                assertThat(informer.indexer().indexKeys(Indexers.NAMESPACE, TestCluster.namespaceOf(cms))).hasSize(2);
            }
        }
    }

    @Test
    @DisplayName("a handler added after start first gets what the store holds, as adds")
    void lateHandler(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
            ConfigMapClient cms = cluster.namespace("late");
            String a1 = rv(cms.create(configMap("a", "1")));
            try (SharedInformer informer = new SharedInformer("cms", cluster.listerWatcher(cms), QUICK, Map.of()).start()) {
                assertThat(informer.waitForSync(Duration.ofSeconds(30))).isTrue();
                // The first list (resourceVersion "0") is served by the watch cache, which may not have seen
                // the create yet: synced then means an empty store, and "a" arrives as a watch event. The late
                // handler must join a store that holds "a" for this claim.
                awaitCondition("the store to hold a", () -> informer.indexer().listKeys().contains(TestCluster.namespaceOf(cms) + "/a"));
                RecordingHandler late = new RecordingHandler();
                informer.addEventHandler(late);
                String a2 = rv(cms.patch("a", patchData("2")));
                awaitCondition("the update", () -> late.calls().size() == 2);
                assertThat(late.calls()).containsExactly("add a " + a1 + " initial", "update a " + a1 + "->" + a2);
            }
        }
    }

    @Test
    @DisplayName("resync re-delivers the store as updates with old == new, and never LISTs")
    void resyncIsNotRelist(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
            ConfigMapClient cms = cluster.namespace("resync");
            cms.create(configMap("a", "1"));
            cms.create(configMap("b", "1"));
            RecordingHandler handler = new RecordingHandler();
            RecordingListener steps = new RecordingListener();
            try (SharedInformer informer = new SharedInformer("cms", cluster.listerWatcher(cms),
                    QUICK.withResync(Duration.ofMillis(200)), Map.of())) {
                informer.addEventHandler(handler).addListener(steps).start();
                awaitCondition("three resyncs of both objects", () -> handler.resyncs() >= 6);
                assertThat(steps.steps("resync")).hasSizeGreaterThanOrEqualTo(3);
                assertThat(informer.reflector().lists()).isEqualTo(1);
                assertThat(steps.steps("list")).hasSize(1);
            }
        }
    }

    @Test
    @DisplayName("a deletion missed while the watch was down reaches onDelete as a DeletedFinalStateUnknown after the relist; "
            + "the relist's other items come as updates, unchanged ones at the same resourceVersion")
    void missedDeletionIsTombstone(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT.withCapacity(5))) {
            ConfigMapClient cms = cluster.namespace("tombstone");
            String a1 = rv(cms.create(configMap("a", "1")));
            String b1 = rv(cms.create(configMap("b", "1")));
            RecordingHandler handler = new RecordingHandler();
            RecordingListener steps = new RecordingListener();
            CuttableListerWatcher network = new CuttableListerWatcher(cluster.listerWatcher(cms));
            try (SharedInformer informer = new SharedInformer("cms", network, QUICK, Map.of())) {
                informer.addEventHandler(handler).addListener(steps).start();
                steps.await("the first watch", s -> s.startsWith("watch from"));
                String c1 = rv(cms.create(configMap("c", "1")));
                awaitCondition("the add of c", () -> handler.calls().size() == 3);

                network.cut();
                cms.delete("b");
                String last = a1;
                for (int i = 2; i < 20; i++) {
                    last = rv(cms.patch("a", patchData(Integer.toString(i)))); // past the window of 5
                }
                network.resume();

                String expected = "update a " + a1 + "->" + last;
                awaitCondition("the relist's deltas", () -> handler.calls().size() == 6,
                        () -> handler.calls() + "\n" + String.join("\n", steps.steps()));
                // the relist re-delivers even the unchanged c, as an update at the same resourceVersion
                assertThat(handler.calls().subList(3, 6)).containsExactlyInAnyOrder(
                        expected, "update c " + c1 + "->" + c1, "delete b tombstone " + b1);
                assertThat(summary(informer.indexer().list())).isEqualTo(cluster.freshState(cms));
                assertThat(handler.calls()).doesNotContain("add c " + c1 + " initial");
                assertThat(informer.reflector().lists()).isEqualTo(2);
            }
        }
    }

    @Test
    @DisplayName("with a label selector the informer holds only matching objects; one relabelled out of it is deleted from the store")
    void labelSelector(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
            ConfigMapClient cms = cluster.namespace("selector");
            cms.create(labelled("web-1", "web"));
            cms.create(labelled("db-1", "db"));
            RecordingHandler handler = new RecordingHandler();
            try (SharedInformer informer = new SharedInformer("web", cluster.listerWatcher(cms).withLabelSelector("app=web"),
                    QUICK, Map.of())) {
                informer.addEventHandler(handler).start();
                assertThat(informer.waitForSync(Duration.ofSeconds(30))).isTrue();
                assertThat(informer.indexer().listKeys()).containsExactly(TestCluster.namespaceOf(cms) + "/web-1");

                cms.patch("web-1", "{\"metadata\":{\"labels\":{\"app\":\"other\"}}}");
                awaitCondition("the relabelled object to leave the store", () -> informer.indexer().list().isEmpty(),
                        handler::calls);
                awaitCondition("its delete", () -> handler.calls().size() == 2);
                assertThat(handler.calls().get(1)).startsWith("delete web-1 ");
            }
        }
    }
}
