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
 * through two API server replicas behind the balancer while two of three members are down for a
 * while mid-workload (lab 7.4's fault): the watch caches break and relist, watchers end or resume,
 * and none may miss, reorder or repeat an event.
 */
@DisplayName("Watches through two API server replicas across a quorum loss")
class QuorumLossWatchTest {

    @Test
    @Timeout(180)
    @DisplayName("ordered, no duplicates, no gaps but 410-then-relist, and every watcher ends with etcd's state, through a quorum loss")
    void guaranteesHoldAcrossQuorumLoss() throws InterruptedException {
        long seed = Long.getLong("rvlab.workload.seed", new SecureRandom().nextLong());
        try (EtcdCluster cluster = EtcdCluster.start(3);
                ControlPlane plane = ControlPlane.over(cluster, 2, (etcd, bind, port) ->
                        ApplyApiServer.start(etcd, bind, port, WatchCache.Options.DEFAULT))) {
            Runnable loseQuorum = () -> {
                int kept = cluster.awaitLeader(Duration.ofSeconds(30));
                for (int m = 0; m < 3; m++) {
                    if (m != kept) {
                        cluster.killMember(m);
                    }
                }
                for (int i = 0; i < 80; i++) {
                    sleep(); // 8 s without quorum: longer than etcd's own 7 s request timeout
                }
                for (int m = 0; m < 3; m++) {
                    if (m != kept) {
                        cluster.startMember(m);
                    }
                }
                cluster.awaitLeader(Duration.ofSeconds(30));
            };
            RandomWorkload workload = new RandomWorkload(cluster.client(), "quorum-loss",
                    RandomWorkload.Options.of(seed).withWrites(150).withRestart(loseQuorum));
            RandomWorkload.Result result = workload.run(new HttpWatchTarget(plane.url(), "quorum-loss"));
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
