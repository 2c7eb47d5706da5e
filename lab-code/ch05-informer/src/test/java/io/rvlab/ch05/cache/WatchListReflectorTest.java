package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.RecordingListener.awaitCondition;
import static io.rvlab.ch05.cache.TestCluster.configMap;
import static io.rvlab.ch05.cache.TestCluster.patchData;
import static io.rvlab.ch05.cache.TestCluster.summary;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch05.server.WatchListApiServer;
import io.rvlab.support.etcd.EtcdExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(EtcdExtension.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@DisplayName("Reflector with useWatchList: a streaming list instead of LIST")
class WatchListReflectorTest {

    private static final ReflectorOptions WATCH_LIST =
            ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick()).withWatchList(true);

    @Test
    @DisplayName("streams the state, replaces the store at the initial-events-end bookmark's resourceVersion, "
            + "and reads on the SAME stream; no LIST at all")
    void streamsInsteadOfListing(Client etcd) throws Exception {
        try (TestCluster cluster = new TestCluster(WatchListApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT))) {
            ConfigMapClient cms = cluster.namespace("watchlist");
            cms.create(configMap("a", "1"));
            cms.create(configMap("b", "1"));
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            RecordingListener steps = new RecordingListener();
            CuttableListerWatcher requests = new CuttableListerWatcher(cluster.listerWatcher(cms));
            try (Reflector reflector = new Reflector("cms", requests, store, WATCH_LIST, steps).start()) {
                steps.await("the end of the initial events", s -> s.startsWith("initial events end"));
                assertThat(store.list()).hasSize(2);
                String bookmark = steps.steps("initial events end").get(0).split(" ")[3];
                assertThat(store.resourceVersion()).isEqualTo(bookmark);
                assertThat(reflector.lastSyncResourceVersion()).isEqualTo(bookmark);

                cms.patch("a", patchData("2"));
                cms.delete("b");
                awaitCondition("the store to equal the server", () -> summary(store.list()).equals(cluster.freshState(cms)));

                assertThat(steps.steps("watch")).containsExactly("watch-list from \"\"");
                assertThat(reflector.lists()).isZero();
                assertThat(requests.listRequests()).isEmpty();
            }
        }
    }

    @Test
    @DisplayName("after the streaming list's watch times out, it watches on from lastSync with a plain watch, no LIST")
    void plainWatchAfterTimeout(Client etcd) throws Exception {
        try (TestCluster cluster = new TestCluster(WatchListApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT))) {
            ConfigMapClient cms = cluster.namespace("watchlist-timeout");
            cms.create(configMap("a", "1"));
            RecordingListener steps = new RecordingListener();
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            try (Reflector reflector = new Reflector("cms", cluster.listerWatcher(cms), store,
                    WATCH_LIST.withMinWatchTimeout(Duration.ofSeconds(2)), steps).start()) {
                awaitCondition("a second watch", () -> steps.steps("watch").size() >= 3);
                List<String> watches = steps.steps("watch");
                assertThat(watches.get(0)).isEqualTo("watch-list from \"\"");
                assertThat(watches.get(1)).isEqualTo("watch ended: timeout");
                assertThat(watches.get(2)).startsWith("watch from \"");
                cms.patch("a", patchData("2"));
                awaitCondition("the store to equal the server", () -> summary(store.list()).equals(cluster.freshState(cms)));
                assertThat(reflector.lists()).isZero();
            }
        }
    }

    @Test
    @DisplayName("a server without streaming lists (chapter 4's, like 1.26) refuses it: the reflector falls back to LIST and WATCH")
    void fallsBackToList(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
            ConfigMapClient cms = cluster.namespace("old-server");
            cms.create(configMap("a", "1"));
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            RecordingListener steps = new RecordingListener();
            try (Reflector reflector = new Reflector("cms", cluster.listerWatcher(cms), store, WATCH_LIST, steps).start()) {
                steps.await("the plain watch", s -> s.startsWith("watch from"));
                assertThat(steps.steps("watch ended").get(0)).startsWith("watch ended: watch-list refused, falling back to LIST: 422");
                assertThat(steps.steps("list")).hasSize(1);
                assertThat(reflector.lists()).isEqualTo(1);
                assertThat(summary(store.list())).isEqualTo(cluster.freshState(cms));
            }
        }
    }

    @Test
    @DisplayName("a SharedInformer on a streaming list syncs, with initial adds")
    void informerOnWatchList(Client etcd) throws Exception {
        try (TestCluster cluster = new TestCluster(WatchListApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT))) {
            ConfigMapClient cms = cluster.namespace("watchlist-informer");
            String a1 = TestCluster.rv(cms.create(configMap("a", "1")));
            RecordingHandler handler = new RecordingHandler();
            try (SharedInformer informer = new SharedInformer("cms", cluster.listerWatcher(cms), WATCH_LIST, Map.of())) {
                informer.addEventHandler(handler).start();
                assertThat(informer.waitForSync(Duration.ofSeconds(30))).isTrue();
                awaitCondition("the add", () -> !handler.calls().isEmpty());
                assertThat(handler.calls()).containsExactly("add a " + a1 + " initial");
                assertThat(informer.reflector().lists()).isZero();
            }
        }
    }
}
