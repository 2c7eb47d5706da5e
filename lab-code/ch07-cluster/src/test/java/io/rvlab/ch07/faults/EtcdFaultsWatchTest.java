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
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Chapter 4's watch guarantees, judged by its checker against etcd's history, for watchers going
 * through two API server replicas behind the balancer while etcd fails mid-workload: the leader
 * killed (lab 7.1's fault), then two of three members down (lab 7.4's). Watch caches break and
 * relist, watchers end or resume, and none may miss, reorder or repeat an event.
 */
@DisplayName("Watches through two API server replicas across etcd's faults")
class EtcdFaultsWatchTest {

    @Test
    @Timeout(180)
    @DisplayName("ordered, no duplicates, no gaps but 410-then-relist, and every watcher ends with etcd's state, through a leader kill")
    void guaranteesHoldAcrossLeaderKill() throws InterruptedException {
        underFault("leader-loss", cluster -> {
            int old = cluster.awaitLeader(Duration.ofSeconds(30));
            cluster.killMember(old);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (System.nanoTime() < deadline) {
                int now = cluster.leader();
                if (now >= 0 && now != old) {
                    break;
                }
                pause(100);
            }
            cluster.startMember(old);
        });
    }

    @Test
    @Timeout(180)
    @DisplayName("ordered, no duplicates, no gaps but 410-then-relist, and every watcher ends with etcd's state, through a quorum loss")
    void guaranteesHoldAcrossQuorumLoss() throws InterruptedException {
        underFault("quorum-loss", cluster -> {
            int kept = cluster.awaitLeader(Duration.ofSeconds(30));
            for (int m = 0; m < cluster.size(); m++) {
                if (m != kept) {
                    cluster.killMember(m);
                }
            }
            pause(8_000); // without quorum for longer than etcd's own 7 s request timeout
            for (int m = 0; m < cluster.size(); m++) {
                if (m != kept) {
                    cluster.startMember(m);
                }
            }
            cluster.awaitLeader(Duration.ofSeconds(30));
        });
    }

    /** Chapter 4's random workload, with {@code fault} as its mid-run disruption, on a cluster of its own. */
    private static void underFault(String name, Consumer<EtcdCluster> fault) throws InterruptedException {
        long seed = Long.getLong("rvlab.workload.seed", new SecureRandom().nextLong());
        try (EtcdCluster cluster = EtcdCluster.start(3);
                ControlPlane plane = ControlPlane.over(cluster, 2, (etcd, bind, port) ->
                        ApplyApiServer.start(etcd, bind, port, WatchCache.Options.DEFAULT))) {
            RandomWorkload workload = new RandomWorkload(cluster.client(), name,
                    RandomWorkload.Options.of(seed).withWrites(150).withRestart(() -> fault.accept(cluster)));
            RandomWorkload.Result result = workload.run(new HttpWatchTarget(plane.url(), name));
            WatchGuarantees.Report report = result.check();
            System.out.println("[workload] " + report);
            assertThat(report.ok()).as("seed %d: %s", seed, report).isTrue();
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
