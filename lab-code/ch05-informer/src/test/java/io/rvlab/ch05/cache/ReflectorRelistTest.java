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
import io.rvlab.support.etcd.FreshEtcd;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Paging, and the relist decision when even the last synced resourceVersion is gone: on a server
 * without a watch cache, after a compaction. An etcd of its own, since it compacts.
 */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@DisplayName("Reflector: paged lists, and relisting at \"\" when lastSync is compacted")
class ReflectorRelistTest {

    private static final ReflectorOptions PAGES_OF_2 =
            ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick()).withPageSize(2);

    @Test
    @DisplayName("the watch cache answers a paged \"0\" list whole: one request, every item")
    void cacheAnswersZeroWhole(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.start(etcd, WatchCache.Options.DEFAULT)) {
            ConfigMapClient cms = cluster.namespace("whole");
            for (int i = 0; i < 5; i++) {
                cms.create(configMap("cm-" + i, "v"));
            }
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            RecordingListener steps = new RecordingListener();
            CuttableListerWatcher requests = new CuttableListerWatcher(cluster.listerWatcher(cms));
            try (Reflector reflector = new Reflector("cms", requests, store, PAGES_OF_2, steps).start()) {
                steps.await("the first watch", s -> s.startsWith("watch from"));
                assertThat(requests.listRequests()).containsExactly(ListOptions.resourceVersion("0").withLimit(2));
                assertThat(store.list()).hasSize(5);
            }
        }
    }

    @Test
    @DisplayName("without a watch cache: \"0\" is listed in pages; after a compaction the watch's 410 relists at lastSync, "
            + "that list's 410 relists at \"\" at once, and the store equals the server")
    void compactedLastSyncRelistsAtEmpty(Client etcd) throws Exception {
        try (TestCluster cluster = TestCluster.startWithoutCache(etcd)) {
            ConfigMapClient cms = cluster.namespace("compacted");
            for (int i = 0; i < 5; i++) {
                cms.create(configMap("cm-" + i, "v"));
            }
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            RecordingListener steps = new RecordingListener();
            CuttableListerWatcher network = new CuttableListerWatcher(cluster.listerWatcher(cms));
            try (Reflector reflector = new Reflector("cms", network, store, PAGES_OF_2, steps).start()) {
                steps.await("the first watch", s -> s.startsWith("watch from"));
                assertThat(network.listRequests()).hasSize(3); // 2 + 2 + 1 items
                assertThat(steps.steps("list")).hasSize(1);
                cms.patch("cm-0", patchData("w"));
                awaitCondition("the MODIFIED", () -> summary(store.list()).equals(cluster.freshState(cms)));
                String lastSync = reflector.lastSyncResourceVersion();

                network.cut();
                cms.delete("cm-1");
                cms.create(configMap("cm-9", "v"));
                etcd.getKVClient().compact(Long.parseLong(cluster.listResourceVersion(cms))).get();
                network.resume();

                awaitCondition("the store to equal the server", () -> summary(store.list()).equals(cluster.freshState(cms)));
                List<String> lists = steps.steps("list");
                assertThat(lists).hasSize(3);
                assertThat(lists.get(1)).startsWith("list failed rv=\"" + lastSync + "\": 410 Expired");
                assertThat(lists.get(2)).startsWith("list rv=\"\" -> ");
                assertThat(steps.steps("watch ended")).anyMatch(s -> s.startsWith("watch ended: 410 Expired"));
                assertThat(reflector.lists()).isEqualTo(3);
                assertThat(reflector.lastSyncResourceVersionUnavailable()).isFalse();
            }
        }
    }
}
