package io.rvlab.ch07.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.guarantees.HttpWatchTarget;
import io.rvlab.ch04.guarantees.RandomWorkload;
import io.rvlab.ch04.guarantees.WatchGuarantees;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.ch07.controlplane.ControlPlane;
import io.rvlab.support.etcd.EtcdCluster;
import java.security.SecureRandom;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Chapter 4's watch guarantees, judged by its checker against etcd's history, for watchers going
 * through two API server replicas behind the balancer while the etcd leader is killed mid-workload
 * (lab 7.1's fault): an election must not cost a watcher an event, order or a duplicate.
 */
@DisplayName("Watches through two API server replicas across an etcd leader kill")
class LeaderLossWatchTest {

    @Test
    @Timeout(180)
    @DisplayName("ordered, no duplicates, no gaps but 410-then-relist, and every watcher ends with etcd's state, through a leader kill")
    void guaranteesHoldAcrossLeaderKill() throws InterruptedException {
        long seed = Long.getLong("rvlab.workload.seed", new SecureRandom().nextLong());
        try (EtcdCluster cluster = EtcdCluster.start(3);
                ControlPlane plane = ControlPlane.over(cluster, 2, (etcd, bind, port) ->
                        ApplyApiServer.start(etcd, bind, port, WatchCache.Options.DEFAULT))) {
            Runnable killLeader = () -> {
                int old = cluster.awaitLeader(Duration.ofSeconds(30));
                cluster.killMember(old);
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (System.nanoTime() < deadline) {
                    int now = cluster.leader();
                    if (now >= 0 && now != old) {
                        break;
                    }
                    sleep();
                }
                cluster.startMember(old);
            };
            RandomWorkload workload = new RandomWorkload(cluster.client(), "leader-loss",
                    RandomWorkload.Options.of(seed).withWrites(150).withRestart(killLeader));
            RandomWorkload.Result result = workload.run(new HttpWatchTarget(plane.url(), "leader-loss"));
            WatchGuarantees.Report report = result.check();
            System.out.println("[workload] " + report);
            assertThat(report.ok()).as("seed %d: %s", seed, report).isTrue();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
