package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.RecordingListener.awaitCondition;
import static io.rvlab.ch05.cache.TestCluster.configMap;
import static io.rvlab.ch05.cache.TestCluster.patchData;
import static io.rvlab.ch05.cache.TestCluster.summary;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.etcd.jetcd.Client;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Faults under a running informer: after each, its store equals the server's state exactly and a
 * handler has heard every object's final state. An etcd of its own: it is restarted and compacted.
 */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@DisplayName("SharedInformer under faults: API server restart, etcd restart, compaction")
class InformerFaultTest {

    private static final ReflectorOptions QUICK = ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick());

    @Test
    @DisplayName("the API server is restarted (same port, a new watch cache) while objects change: the informer catches up")
    void apiServerRestart(Client etcd) throws Exception {
        TestCluster first = TestCluster.start(etcd, WatchCache.Options.DEFAULT);
        int port = first.server.port();
        ConfigMapClient cms = first.namespace("restart");
        cms.create(configMap("a", "1"));
        cms.create(configMap("b", "1"));
        FinalStateHandler handler = new FinalStateHandler();
        ResourceListerWatcher lw = new ResourceListerWatcher(RestConfig.forUrl(first.server.url()), cms.collection());
        try (SharedInformer informer = new SharedInformer("cms", lw, QUICK, Map.of())) {
            informer.addEventHandler(handler).start();
            awaitCondition("the first sync", () -> handler.state().equals(first.freshState(cms)));
            first.close();

            try (TestCluster meanwhile = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
                ConfigMapClient writer = new ConfigMapClient(meanwhile.api, TestCluster.namespaceOf(cms));
                writer.patch("a", patchData("2"));
                writer.delete("b");
                writer.create(configMap("c", "1"));
            }
            try (TestCluster second = new TestCluster(WatchApiServer.start(etcd, "127.0.0.1", port, WatchCache.Options.DEFAULT))) {
                ConfigMapClient again = new ConfigMapClient(second.api, TestCluster.namespaceOf(cms));
                again.patch("c", patchData("2"));
                awaitCondition("the informer to catch up", () -> summary(informer.indexer().list()).equals(second.freshState(again)),
                        () -> summary(informer.indexer().list()) + " vs " + second.freshState(again));
                awaitCondition("the handler to hear the final states", () -> handler.state().equals(second.freshState(again)));
            }
        }
    }

    @Test
    @DisplayName("etcd is restarted under the server and the informer: the informer ends with etcd's state")
    void etcdRestart(Client etcd, Etcd harness) throws Exception {
        assumeTrue(harness.canRestart(), "the external etcd cannot be restarted by the course");
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
            ConfigMapClient cms = cluster.namespace("etcd-restart");
            cms.create(configMap("a", "1"));
            FinalStateHandler handler = new FinalStateHandler();
            try (SharedInformer informer = new SharedInformer("cms", cluster.listerWatcher(cms), QUICK, Map.of())) {
                informer.addEventHandler(handler).start();
                awaitCondition("the first sync", () -> handler.state().equals(cluster.freshState(cms)));

                harness.restart();
                cms.patch("a", patchData("2"));
                cms.create(configMap("b", "1"));
                awaitCondition("the informer to catch up", () -> summary(informer.indexer().list()).equals(cluster.freshState(cms)),
                        () -> summary(informer.indexer().list()) + " vs " + cluster.freshState(cms));
                awaitCondition("the handler to hear the final states", () -> handler.state().equals(cluster.freshState(cms)));
            }
        }
    }

    @Test
    @DisplayName("a compaction passes the informer's resourceVersion while its watch is down (no watch cache): "
            + "it relists and ends with etcd's state, deletions included")
    void compaction(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.startWithoutCache(etcd)) {
            ConfigMapClient cms = cluster.namespace("compaction");
            cms.create(configMap("a", "1"));
            cms.create(configMap("b", "1"));
            FinalStateHandler handler = new FinalStateHandler();
            CuttableListerWatcher network = new CuttableListerWatcher(cluster.listerWatcher(cms));
            try (SharedInformer informer = new SharedInformer("cms", network, QUICK, Map.of())) {
                informer.addEventHandler(handler).start();
                awaitCondition("the first sync", () -> handler.state().equals(cluster.freshState(cms)));
                cms.patch("a", patchData("2")); // an event, so the cut below is not a "very short watch"
                awaitCondition("the update", () -> handler.state().equals(cluster.freshState(cms)));

                network.cut();
                cms.delete("b");
                cms.patch("a", patchData("3"));
                cms.create(configMap("c", "1"));
                etcd.getKVClient().compact(Long.parseLong(cluster.listResourceVersion(cms))).get();
                network.resume();

                awaitCondition("the informer to catch up", () -> summary(informer.indexer().list()).equals(cluster.freshState(cms)));
                awaitCondition("the handler to hear the final states", () -> handler.state().equals(cluster.freshState(cms)));
            }
        }
    }
}
