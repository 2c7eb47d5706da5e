package io.rvlab.ch07.faults;

import static io.rvlab.ch07.faults.FaultHttp.CONFIGMAPS;
import static io.rvlab.ch07.faults.FaultHttp.configMap;
import static io.rvlab.ch07.faults.FaultHttp.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.storage.ObjectList;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.ReflectorBackoff;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.cache.WatchListOptions;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.history.EtcdState;
import io.rvlab.ch05.history.InformerChecker;
import io.rvlab.ch05.history.InformerHistory;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.guarantees.EventStream;
import io.rvlab.ch04.guarantees.HttpWatchTarget;
import io.rvlab.ch04.guarantees.RandomWorkload;
import io.rvlab.ch04.guarantees.WatchGuarantees;
import io.rvlab.ch04.guarantees.WatchTarget;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.ch07.controlplane.ApiServerReplica;
import io.rvlab.support.etcd.EtcdCluster;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Two replicas of chapter 6's server on three real members, replica-2's client on one follower
 * only, so freezing that follower makes replica-2's watch cache lag while replica-1's goes on.
 */
@DisplayName("Two replicas, one lagging (real members)")
class TwoReplicasFaultsTest {

    private static EtcdCluster cluster;
    private static int leader;
    private static int lagging;
    private static ApiServerReplica one;
    private static ApiServerReplica two;

    @BeforeAll
    static void start() {
        cluster = EtcdCluster.start(3);
        leader = cluster.awaitLeader(Duration.ofSeconds(30));
        lagging = (leader + 1) % cluster.size();
        one = ApiServerReplica.start("replica-1", cluster.clientOf(leader), TwoReplicasFaultsTest::server);
        two = ApiServerReplica.start("replica-2", cluster.clientOf(lagging), TwoReplicasFaultsTest::server);
    }

    private static io.rvlab.ch02.server.ApiServer server(io.etcd.jetcd.Client etcd, String bind, int port) {
        return ApplyApiServer.start(etcd, bind, port, WatchCache.Options.DEFAULT);
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable c : new AutoCloseable[] {two, one, cluster}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception ignored) {
                // closing what is left
            }
        }
    }

    @Test
    @DisplayName("an informer whose every list and watch goes to the next replica, while one replica lags, never goes "
            + "back in time and ends with etcd's state")
    void informerMovingBetweenReplicas() throws Exception {
        ListerWatcher replicas = new Alternating(List.of(
                new ResourceListerWatcher(RestConfig.forUrl(one.url()), CONFIGMAPS),
                new ResourceListerWatcher(RestConfig.forUrl(two.url()), CONFIGMAPS)));
        for (int i = 0; i < 3; i++) {
            send(one.url(), "POST", CONFIGMAPS, configMap("moving-" + i, "0"));
        }
        InformerHistory history = new InformerHistory();
        ReflectorOptions options = ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick())
                .withMinWatchTimeout(Duration.ofSeconds(1)); // short watches: the informer rewatches often, on each replica
        try (SharedInformer informer = new SharedInformer("moving", history.recording(replicas), options, Map.of())) {
            informer.addEventHandler(history).addListener(history);
            informer.start();
            await(informer::hasSynced);
            cluster.freezeMember(lagging);
            try {
                for (int v = 1; v <= 10; v++) {
                    send(one.url(), "PUT", CONFIGMAPS + "/moving-" + (v % 3), configMap("moving-" + (v % 3), "" + v));
                    Thread.sleep(300);
                }
            } finally {
                cluster.thawMember(lagging);
            }
            send(one.url(), "DELETE", CONFIGMAPS + "/moving-0", null);
            EtcdState truth;
            try (var etcd = cluster.clientOf(leader)) {
                truth = EtcdState.read(etcd, ResourceTypes.CONFIGMAPS.prefix("default"));
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (System.nanoTime() < deadline && informer.indexer().list().size() != truth.objects().size()) {
                    Thread.sleep(50);
                }
                Thread.sleep(1000);
                truth = EtcdState.read(etcd, ResourceTypes.CONFIGMAPS.prefix("default"));
            }
            List<ObjectNode> store = informer.indexer().list();
            InformerChecker.Report report = new InformerChecker(truth).check(history, store);
            assertThat(report.has(InformerChecker.Check.TIME_TRAVEL)).as(report + history.tail(30)).isFalse();
            assertThat(report.has(InformerChecker.Check.FINAL_STATE)).as(report + history.tail(30)).isFalse();
        }
    }

    @Test
    @DisplayName("watchers whose every list and watch goes to the next replica, while one replica lags for a while, "
            + "keep chapter 4's guarantees: ordered, no duplicates, no gaps but 410-then-relist, etcd's final state")
    void watchGuaranteesAcrossReplicas() throws Exception {
        long seed = Long.getLong("rvlab.workload.seed", new java.security.SecureRandom().nextLong());
        WatchTarget alternating = new AlternatingTarget(List.of(new HttpWatchTarget(one.url(), "guarantees"),
                new HttpWatchTarget(two.url(), "guarantees")), new AtomicInteger());
        try (var writer = cluster.clientOf(leader)) {
            RandomWorkload workload = new RandomWorkload(writer, "guarantees",
                    RandomWorkload.Options.of(seed).withWrites(150));
            Thread lag = new Thread(() -> { // replica-2's cache stalls for a while in the middle of the run
                try {
                    Thread.sleep(1000);
                    cluster.freezeMember(lagging);
                    Thread.sleep(3000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    cluster.thawMember(lagging);
                }
            });
            lag.start();
            RandomWorkload.Result result = workload.run(alternating);
            lag.join();
            WatchGuarantees.Report report = result.check();
            assertThat(report.ok()).as("seed %d: %s", seed, report).isTrue();
        }
    }

    /** Each list and each watch of a watcher goes to the next replica. */
    private record AlternatingTarget(List<WatchTarget> replicas, AtomicInteger next) implements WatchTarget {
        @Override
        public ObjectList list() {
            return replicas.get(Math.floorMod(next.getAndIncrement(), replicas.size())).list();
        }

        @Override
        public EventStream watch(String resourceVersion) {
            return replicas.get(Math.floorMod(next.getAndIncrement(), replicas.size())).watch(resourceVersion);
        }
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited 30 s").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    /** Each list and each watch goes to the next replica: a client whose every connection the balancer places anew. */
    private record Alternating(List<ListerWatcher> replicas, AtomicInteger next) implements ListerWatcher {
        Alternating(List<ListerWatcher> replicas) {
            this(replicas, new AtomicInteger());
        }

        @Override
        public ObjectNode list(ListOptions options) throws IOException {
            return replicas.get(next.getAndIncrement() % replicas.size()).list(options);
        }

        @Override
        public StreamWatcher watch(WatchListOptions options) throws IOException {
            return replicas.get(next.getAndIncrement() % replicas.size()).watch(options);
        }
    }
}
