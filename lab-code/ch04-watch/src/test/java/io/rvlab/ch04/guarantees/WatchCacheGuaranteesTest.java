package io.rvlab.ch04.guarantees;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.security.SecureRandom;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The same guarantees through the watch cache: lists from its state, resumes from its window
 * (twenty changes, so the two watchers held away for thirty writes must get its 410 and relist),
 * bookmarks every 200 ms, a compaction of etcd underneath, and an etcd restart, across which the
 * cache watches again from its resourceVersion and keeps its watchers. Own etcd: it compacts and restarts.
 */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@DisplayName("Watch guarantees on real etcd (watch cache)")
class WatchCacheGuaranteesTest {

    @Test
    @Timeout(120)
    @DisplayName("ordered, no duplicates, no gaps but 410-then-relist, and every watcher ends with etcd's state, through the cache's window, a compaction and an etcd restart")
    void guaranteesHoldThroughTheWatchCache(Etcd etcd) throws InterruptedException {
        assumeTrue(etcd.canRestart(), "this test restarts etcd, and " + etcd.endpoints()
                + " is an external etcd the course cannot restart; unset RVLAB_ETCD_ENDPOINTS to run it");
        long seed = Long.getLong("rvlab.workload.seed", new SecureRandom().nextLong());
        RandomWorkload workload = new RandomWorkload(etcd.client(), "cached",
                RandomWorkload.Options.of(seed).withCompaction(true, 30).withRestart(etcd::restart));
        try (WatchCache cache = WatchCache.start(etcd.client(), ResourceTypes.CONFIGMAPS,
                WatchCache.Options.DEFAULT.withCapacity(20).withBookmarkFrequency(Duration.ofMillis(200)))) {

            RandomWorkload.Result result = workload.run(new WatchCacheTarget(cache, "cached"));
            WatchGuarantees.Report report = result.check();
            System.out.println("[workload] " + report);

            assertThat(result.history().unexplainedRevisions()).as("revisions no recorded write explains").isEmpty();
            assertThat(report.ok()).as("seed %d: %s", seed, report).isTrue();
            assertThat(report.expired()).as("ERROR 410 events").isGreaterThanOrEqualTo(2);
            assertThat(report.relists()).as("relists after a 410").isGreaterThanOrEqualTo(2);
            // Bookmarks are counted, not required: a server may send none (and the cache sends
            // one only when it has got further than the watcher), so no test may depend on them.
        }
    }
}
