package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.RecordingListener.awaitCondition;
import static io.rvlab.ch05.cache.TestCluster.configMap;
import static io.rvlab.ch05.cache.TestCluster.patchData;
import static io.rvlab.ch05.cache.TestCluster.summary;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.client.StatusErrors;
import io.rvlab.ch05.server.WatchListApiServer;
import io.rvlab.support.etcd.EtcdExtension;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.ConnectException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** How the reflector answers a refused watch: which failures back off and watch again, which relist. */
@ExtendWith(EtcdExtension.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@DisplayName("Reflector: refused watches")
class ReflectorErrorsTest {

    private static final ReflectorOptions QUICK = ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick());

    private static RuntimeException status(int code, String reason, String message) {
        ObjectNode status = JsonNodeFactory.instance.objectNode();
        status.put("kind", "Status").put("apiVersion", "v1").put("status", "Failure")
                .put("message", message).put("reason", reason).put("code", code);
        return StatusErrors.fromObject(status, code);
    }

    @Test
    @DisplayName("429 or connection refused when opening a watch: back off and watch again from lastSync, no LIST")
    void retriableWatchStart(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
            ConfigMapClient cms = cluster.namespace("busy");
            cms.create(configMap("a", "1"));
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            RecordingListener steps = new RecordingListener();
            CuttableListerWatcher network = new CuttableListerWatcher(cluster.listerWatcher(cms));
            network.failNextWatches(status(429, "TooManyRequests", "storage is (re)initializing"),
                    new ConnectException("Connection refused"));
            try (Reflector reflector = new Reflector("cms", network, store, QUICK, steps).start()) {
                steps.await("the watch", s -> s.startsWith("watch from"));
                cms.patch("a", patchData("2"));
                awaitCondition("the store to equal the server", () -> summary(store.list()).equals(cluster.freshState(cms)));

                assertThat(steps.steps("backoff")).hasSize(2);
                assertThat(network.watchRequests()).hasSize(3)
                        .extracting(WatchListOptions::resourceVersion).containsOnly(network.watchRequests().get(0).resourceVersion());
                assertThat(reflector.lists()).isEqualTo(1);
            }
        }
    }

    @Test
    @DisplayName("another refusal when opening a watch (500): back off and LIST again")
    void otherWatchStartErrorRelists(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
            ConfigMapClient cms = cluster.namespace("broken");
            cms.create(configMap("a", "1"));
            RecordingListener steps = new RecordingListener();
            CuttableListerWatcher network = new CuttableListerWatcher(cluster.listerWatcher(cms));
            network.failNextWatches(status(500, "InternalError", "something broke"));
            try (Reflector reflector = new Reflector("cms", network, new ThreadSafeIndexer(Map.of()), QUICK, steps).start()) {
                steps.await("the watch", s -> s.startsWith("watch from"));
                assertThat(steps.steps("backoff")).containsExactly("backoff: 500 InternalError: something broke");
                assertThat(reflector.lists()).isEqualTo(2);
            }
        }
    }

    @Test
    @DisplayName("a streaming list refused with 'Too large resource version' marks lastSync unavailable and streams again at \"\"")
    void watchListTooLargeRetriesAtEmpty(Client etcd) throws Exception {
        try (TestCluster cluster = new TestCluster(WatchListApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT))) {
            ConfigMapClient cms = cluster.namespace("too-large");
            cms.create(configMap("a", "1"));
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            RecordingListener steps = new RecordingListener();
            CuttableListerWatcher network = new CuttableListerWatcher(cluster.listerWatcher(cms));
            Status tooLarge = Status.tooLargeResourceVersion(999_999, 10, 1);
            network.failNextWatches(status(504, "Timeout", tooLarge.message()));
            try (Reflector reflector = new Reflector("cms", network, store, QUICK.withWatchList(true), steps).start()) {
                steps.await("the end of the initial events", s -> s.startsWith("initial events end"));
                List<WatchListOptions> watches = network.watchRequests();
                assertThat(watches).hasSize(2).allMatch(WatchListOptions::sendInitialEvents);
                assertThat(watches.get(1).resourceVersion()).isEmpty();
                assertThat(steps.steps("watch ended").get(0)).startsWith("watch ended: 504 Timeout: Timeout: Too large resource version");
                assertThat(reflector.lists()).isZero();
                assertThat(summary(store.list())).isEqualTo(cluster.freshState(cms));
            }
        }
    }
}
