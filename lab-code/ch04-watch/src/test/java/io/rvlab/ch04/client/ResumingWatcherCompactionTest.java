package io.rvlab.ch04.client;

import static io.rvlab.ch04.client.Cluster.configMap;
import static io.rvlab.ch04.client.Cluster.patchData;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The other source of 410: without a watch cache, a watch goes straight to etcd, and a compacted
 * start revision fails there. The watcher cannot tell, and need not: it relists the same way.
 * An etcd of this test's own, since it compacts.
 */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@DisplayName("ResumingWatcher without a watch cache: a compacted resourceVersion")
class ResumingWatcherCompactionTest {

    @Test
    @DisplayName("a resourceVersion etcd has compacted gets 410 from etcd: it relists, and ends with the state of a fresh list")
    void relistsAfterCompaction(Client etcd) throws Exception {
        try (Cluster uncached = Cluster.startWithoutCache(etcd)) {
            ConfigMapClient cms = uncached.namespace("compacted");
            cms.create(configMap("keep", "v1"));
            cms.create(configMap("gone", "v1"));
            String old = uncached.listResourceVersion(cms);
            cms.patch("keep", patchData("v2"));
            cms.delete("gone");
            cms.create(configMap("new", "v1"));
            etcd.getKVClient().compact(Long.parseLong(uncached.listResourceVersion(cms))).get();

            RecordingHandler handler = new RecordingHandler();
            RecordingListerWatcher listWatch = new RecordingListerWatcher(uncached.listWatch(cms));
            ResumingWatcher.Options options =
                    ResumingWatcher.Options.DEFAULT.withBackoff(Backoff.constant(Duration.ofMillis(20)));
            try (ResumingWatcher watcher = new ResumingWatcher(listWatch, old, handler, options).start()) {
                handler.await("the relist", h -> !h.calls().isEmpty(), Duration.ofSeconds(30));
                cms.patch("new", patchData("v2"));
                cms.delete("keep");

                handler.await("the same state as a fresh list",
                        h -> h.state().equals(uncached.freshState(cms)), Duration.ofSeconds(30));
                RecordingHandler.Replace replace = (RecordingHandler.Replace) handler.calls().get(0);
                assertThat(replace.items()).extracting(o -> o.path("metadata").path("name").asText())
                        .containsExactlyInAnyOrder("keep", "new");
                assertThat(listWatch.calls()).startsWith("watch " + old, "list", "watch " + replace.resourceVersion());
                assertThat(watcher.relists()).isEqualTo(1);
            }
        }
    }
}
