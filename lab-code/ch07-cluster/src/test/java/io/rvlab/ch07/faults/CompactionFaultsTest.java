package io.rvlab.ch07.faults;

import static io.rvlab.ch07.faults.FaultHttp.CONFIGMAPS;
import static io.rvlab.ch07.faults.FaultHttp.configMap;
import static io.rvlab.ch07.faults.FaultHttp.rv;
import static io.rvlab.ch07.faults.FaultHttp.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.CompactOption;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.client.StreamWatcher;
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
import io.rvlab.ch05.history.Partition;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.ch07.controlplane.ApiServerReplica;
import io.rvlab.support.etcd.EtcdCluster;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Compaction on three real members, and an informer whose watch resumes across it. */
@DisplayName("Compaction across members (real members)")
class CompactionFaultsTest {

    private static EtcdCluster cluster;
    private static int leader;

    @BeforeAll
    static void start() {
        cluster = EtcdCluster.start(3);
        leader = cluster.awaitLeader(Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static io.rvlab.ch02.server.ApiServer server(Client etcd, String bind, int port) {
        return ApplyApiServer.start(etcd, bind, port, WatchCache.Options.DEFAULT);
    }

    @Test
    @DisplayName("one compact request removes the old revisions on every member: each answers \"required revision has "
            + "been compacted\" to a serializable read")
    void compactionIsReplicated() throws Exception {
        ByteSequence key = ByteSequence.from("/rvlab/faults/compact", StandardCharsets.UTF_8);
        long first;
        long last;
        try (Client writer = cluster.clientOf(leader)) {
            first = writer.getKVClient().put(key, ByteSequence.from("0", StandardCharsets.UTF_8)).get().getHeader().getRevision();
            last = writer.getKVClient().put(key, ByteSequence.from("1", StandardCharsets.UTF_8)).get().getHeader().getRevision();
            writer.getKVClient().compact(last, CompactOption.builder().withCompactPhysical(true).build()).get(30, TimeUnit.SECONDS);
        }
        for (int i = 0; i < cluster.size(); i++) {
            try (Client member = cluster.clientOf(i)) {
                String answer = "";
                for (int attempt = 0; attempt < 50 && !answer.contains("compacted"); attempt++) {
                    try {
                        member.getKVClient().get(key, GetOption.builder().withRevision(first).withSerializable(true).build())
                                .get(10, TimeUnit.SECONDS);
                        Thread.sleep(100);
                    } catch (ExecutionException e) {
                        answer = String.valueOf(e.getCause().getMessage());
                    }
                }
                assertThat(answer).as("etcd-" + i).contains("required revision has been compacted");
            }
        }
    }

    @Test
    @DisplayName("an informer whose watch resumes, on another replica, from a compacted resourceVersion relists (after a "
            + "clean 410, or at once if its held re-watch failed), and ends with etcd's state, never going back in time")
    void watchAcrossCompactionRelists() throws Exception {
        ApiServerReplica before = ApiServerReplica.start("replica-1", cluster.clientOf(leader), CompactionFaultsTest::server);
        ApiServerReplica after = null;
        AtomicReference<ListerWatcher> target = new AtomicReference<>(
                new ResourceListerWatcher(RestConfig.forUrl(before.url()), CONFIGMAPS));
        ListerWatcher switching = new ListerWatcher() {
            @Override
            public ObjectNode list(ListOptions options) throws IOException {
                return target.get().list(options);
            }

            @Override
            public StreamWatcher watch(WatchListOptions options) throws IOException {
                return target.get().watch(options);
            }
        };
        InformerHistory history = new InformerHistory();
        ReflectorOptions options = ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick())
                .withMinWatchTimeout(Duration.ofSeconds(30));
        Partition network = new Partition(switching);
        try (SharedInformer informer = new SharedInformer("compaction", history.recording(network), options, Map.of())) {
            informer.addEventHandler(history).addListener(history);
            send(before.url(), "POST", CONFIGMAPS, configMap("across", "0"));
            informer.start();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!informer.hasSynced() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            long seen = Long.parseLong(informer.reflector().lastSyncResourceVersion());
            // The informer's network is cut (its watch ends; its rewatch waits), its replica goes away;
            // meanwhile writes, and a compaction past what the informer saw.
            network.cut();
            deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!network.holding() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            before.close();
            long newest = 0;
            for (int v = 1; v <= 5; v++) {
                newest = rv(send(tempServerUrl(), "PUT", CONFIGMAPS + "/across", configMap("across", "" + v)));
            }
            try (Client etcd = cluster.clientOf(leader)) {
                etcd.getKVClient().compact(newest, CompactOption.builder().withCompactPhysical(true).build())
                        .get(30, TimeUnit.SECONDS);
            }
            assertThat(newest).isGreaterThan(seen);
            after = ApiServerReplica.start("replica-2", cluster.clientOf(leader), CompactionFaultsTest::server);
            target.set(new ResourceListerWatcher(RestConfig.forUrl(after.url()), CONFIGMAPS));
            network.heal(); // the held rewatch reaches a replica whose cache starts after the compaction
            EtcdState truth;
            try (Client etcd = cluster.clientOf(leader)) {
                deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (System.nanoTime() < deadline && !"5".equals(value(informer))) {
                    Thread.sleep(50);
                }
                truth = EtcdState.read(etcd, ResourceTypes.CONFIGMAPS.prefix("default"));
            }
            InformerChecker.Report report = new InformerChecker(truth).check(history, informer.indexer().list());
            // Whether the held request reaches the new replica as the re-watch (then 410 Expired) or fails and
            // becomes a relist at lastSyncResourceVersion depends on timing; either way the reflector lists again.
            assertThat(informer.reflector().lists()).as("the reflector relisted:" + history.tail(30)).isGreaterThanOrEqualTo(2);
            assertThat(report.ok()).as(report + history.tail(30)).isTrue();
        } finally {
            before.close();
            if (after != null) {
                after.close();
            }
            closeTemp();
        }
    }

    private static String value(SharedInformer informer) {
        List<ObjectNode> objects = informer.indexer().list();
        return objects.isEmpty() ? "" : objects.get(0).path("data").path("v").asText();
    }

    private static ApiServerReplica temp;

    /** A replica for the writes made while the informer's replica is gone. */
    private static java.net.URI tempServerUrl() {
        if (temp == null) {
            temp = ApiServerReplica.start("writer", cluster.clientOf(leader), CompactionFaultsTest::server);
        }
        return temp.url();
    }

    private static void closeTemp() {
        if (temp != null) {
            temp.close();
            temp = null;
        }
    }
}
