package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.RecordingListener.awaitCondition;
import static io.rvlab.ch05.cache.TestCluster.configMap;
import static io.rvlab.ch05.cache.TestCluster.patchData;
import static io.rvlab.ch05.cache.TestCluster.summary;
import static org.assertj.core.api.Assertions.assertThat;

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
@DisplayName("Reflector: list, then watch, against chapter 4's API server")
class ReflectorTest {

    private static final ReflectorOptions QUICK = ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick());

    @Test
    @DisplayName("lists at \"0\", watches from the list's resourceVersion, and its store then equals the server's state after creates, updates and deletes")
    void storeFollowsServer(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
            ConfigMapClient cms = cluster.namespace("follow");
            cms.create(configMap("a", "1"));
            cms.create(configMap("b", "1"));
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            RecordingListener steps = new RecordingListener();
            try (Reflector reflector = new Reflector("cms", cluster.listerWatcher(cms), store, QUICK, steps).start()) {
                steps.await("the first watch", s -> s.startsWith("watch from"));
                cms.patch("a", patchData("2"));
                cms.delete("b");
                cms.create(configMap("c", "1"));
                awaitCondition("the store to equal the server", () -> summary(store.list()).equals(cluster.freshState(cms)));

                assertThat(steps.steps().get(0)).startsWith("list rv=\"0\" -> ").endsWith("(2 items)");
                String listRv = steps.steps().get(0).replaceAll(".* -> (\\d+) .*", "$1");
                assertThat(steps.steps().get(1)).isEqualTo("watch from \"" + listRv + "\"");
                assertThat(reflector.lists()).isEqualTo(1);
                awaitCondition("lastSync at the last event", () -> reflector.lastSyncResourceVersion()
                        .equals(cluster.freshState(cms).get("c").split(" ")[0]));
            }
        }
    }

    @Test
    @DisplayName("a BOOKMARK moves lastSyncResourceVersion past changes the watch does not see (another namespace)")
    void bookmarksAdvanceLastSync(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT.withBookmarkFrequency(Duration.ofMillis(500)))) {
            ConfigMapClient cms = cluster.namespace("quiet");
            ConfigMapClient elsewhere = cluster.namespace("busy");
            cms.create(configMap("a", "1"));
            RecordingListener steps = new RecordingListener();
            try (Reflector reflector = new Reflector("cms", cluster.listerWatcher(cms), new ThreadSafeIndexer(Map.of()),
                    QUICK, steps).start()) {
                steps.await("the first watch", s -> s.startsWith("watch from"));
                String before = reflector.lastSyncResourceVersion();
                long other = Long.parseLong(TestCluster.rv(elsewhere.create(configMap("x", "1"))));

                awaitCondition("lastSync to pass the other namespace's write",
                        () -> Long.parseLong(reflector.lastSyncResourceVersion()) >= other);
                assertThat(Long.parseLong(before)).isLessThan(other);
                assertThat(steps.steps("event ")).allMatch(s -> s.startsWith("event BOOKMARK"));
                assertThat(reflector.lists()).isEqualTo(1);
            }
        }
    }

    @Test
    @DisplayName("a watch the server ends (timeoutSeconds) is watched again from lastSync, without a LIST")
    void timeoutRewatchesWithoutRelist(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
            ConfigMapClient cms = cluster.namespace("timeout");
            cms.create(configMap("a", "1"));
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            RecordingListener steps = new RecordingListener();
            ReflectorOptions shortWatches = QUICK.withMinWatchTimeout(Duration.ofSeconds(2));
            try (Reflector reflector = new Reflector("cms", cluster.listerWatcher(cms), store, shortWatches, steps).start()) {
                awaitCondition("three watches", () -> steps.steps("watch from").size() >= 3);
                cms.patch("a", patchData("2"));
                awaitCondition("the store to equal the server", () -> summary(store.list()).equals(cluster.freshState(cms)));

                assertThat(steps.steps("watch ended")).contains("watch ended: timeout");
                assertThat(reflector.lists()).as(String.join("\n", steps.steps())).isEqualTo(1);
                assertThat(steps.steps("list")).hasSize(1);
            }
        }
    }

    @Test
    @DisplayName("a watch too old for the watch cache (ERROR 410) relists at lastSync, not at \"\", and the store catches up")
    void expiredWatchRelistsAtLastSync(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT.withCapacity(5))) {
            ConfigMapClient cms = cluster.namespace("expired");
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            RecordingListener steps = new RecordingListener();
            CuttableListerWatcher network = new CuttableListerWatcher(cluster.listerWatcher(cms));
            try (Reflector reflector = new Reflector("cms", network, store, QUICK, steps).start()) {
                steps.await("the first watch", s -> s.startsWith("watch from"));
                cms.create(configMap("a", "0"));
                awaitCondition("the ADDED", () -> !store.list().isEmpty());
                String lastSync = reflector.lastSyncResourceVersion();

                network.cut();
                for (int i = 1; i <= 20; i++) {
                    cms.patch("a", patchData(Integer.toString(i))); // far more than the window of 5 holds
                }
                network.resume();

                steps.await("the 410", s -> s.startsWith("watch ended: 410 Expired"));
                awaitCondition("the store to equal the server", () -> summary(store.list()).equals(cluster.freshState(cms)));
                assertThat(steps.steps("list")).hasSize(2);
                assertThat(steps.steps("list").get(1)).startsWith("list rv=\"" + lastSync + "\" -> ");
                assertThat(reflector.lists()).isEqualTo(2);
            }
        }
    }
}
