package io.rvlab.ch04.cache;

import static io.rvlab.ch04.watch.Writes.rv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.storage.ObjectFilter;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch04.watch.Writes;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The watch cache across an etcd restart of a few seconds: etcd was only unavailable, so the cache
 * watches again from its resourceVersion and keeps its watchers (kube-apiserver's cacher retries
 * its watch for 30 s before it relists). Own etcd: it restarts.
 */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@DisplayName("WatchCache across an etcd restart")
class WatchCacheEtcdRestartTest {

    @Test
    @DisplayName("a watcher opened before a short etcd restart is not ended: it gets the next change, and none twice")
    void watcherSurvivesShortRestart(Etcd etcd) throws InterruptedException {
        assumeTrue(etcd.canRestart(), "this test restarts etcd; unset RVLAB_ETCD_ENDPOINTS to run it");
        Writes writes = new Writes(etcd.client());
        try (WatchCache cache = WatchCache.start(etcd.client(), ResourceTypes.CONFIGMAPS, WatchCache.Options.DEFAULT)) {
            ObjectNode before = writes.create("cm", "before");
            CacheWatcher watcher = cache.watch(WatchOptions.from(writes.namespace, rv(before)));

            etcd.restart();
            ObjectNode after = writes.update("cm", "after");

            WatchEvent next = null;
            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (next == null && !watcher.ended() && System.nanoTime() < deadline) {
                next = watcher.next(Duration.ofMillis(100));
            }
            assertThat(watcher.ended()).as("the watcher was ended by the restart (the cache relisted instead of watching again)")
                    .isFalse();
            assertThat(next).as("the change made after the restart reaches the watcher within 15 s").isNotNull();
            assertThat(next.type()).isEqualTo(WatchEvent.Type.MODIFIED);
            assertThat(next.resourceVersion()).isEqualTo(rv(after));
            assertThat(cache.list(writes.namespace, ObjectFilter.EVERYTHING).path("items")).hasSize(1);
            watcher.close();
        }
    }
}
