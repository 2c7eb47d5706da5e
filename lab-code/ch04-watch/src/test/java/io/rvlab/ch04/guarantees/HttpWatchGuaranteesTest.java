package io.rvlab.ch04.guarantees;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
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
 * The same guarantees as a client sees them over HTTP: consistent lists from etcd through the
 * API server, {@code ?watch=1} streams from its watch cache (window of twenty changes, bookmarks
 * every 200 ms), disconnects that really close the connection, a compaction and an etcd restart.
 * Own etcd: it compacts and restarts.
 */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@DisplayName("Watch guarantees on real etcd (HTTP ?watch=1 through the watch cache)")
class HttpWatchGuaranteesTest {

    @Test
    @Timeout(120)
    @DisplayName("ordered, no duplicates, no gaps but 410-then-relist, and every watcher ends with etcd's state, over HTTP through a compaction and an etcd restart")
    void guaranteesHoldOverHttp(Etcd etcd) throws InterruptedException {
        assumeTrue(etcd.canRestart(), "this test restarts etcd, and " + etcd.endpoints()
                + " is an external etcd the course cannot restart; unset RVLAB_ETCD_ENDPOINTS to run it");
        long seed = Long.getLong("rvlab.workload.seed", new SecureRandom().nextLong());
        RandomWorkload workload = new RandomWorkload(etcd.client(), "over-http",
                RandomWorkload.Options.of(seed).withCompaction(true, 30).withRestart(etcd::restart));
        try (WatchApiServer server = WatchApiServer.start(etcd.client(), "127.0.0.1", 0,
                WatchCache.Options.DEFAULT.withCapacity(20).withBookmarkFrequency(Duration.ofMillis(200)))) {

            RandomWorkload.Result result = workload.run(new HttpWatchTarget(server.url(), "over-http"));
            WatchGuarantees.Report report = result.check();
            System.out.println("[workload] " + report);

            assertThat(report.ok()).as("seed %d: %s", seed, report).isTrue();
            assertThat(report.expired()).as("ERROR 410 events").isGreaterThanOrEqualTo(2);
            assertThat(report.relists()).as("relists after a 410").isGreaterThanOrEqualTo(2);
        }
    }
}
