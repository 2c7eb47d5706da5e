package io.rvlab.ch05.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch01.Compactor;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.ObjectKeys;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Reliability: a running SharedInformer (client-go's reflector, test-sized backoff) lives through
 * an etcd restart, an API server restart on the same port, and a compaction past its resourceVersion
 * while its watch is down. After each, the history checker: its store equals etcd's state exactly,
 * its handlers saw every object's final state, and nothing went back in time. Own etcd: it restarts
 * and compacts.
 */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@DisplayName("Informer faults: etcd restart, API server restart, compaction past its resourceVersion")
class InformerFaultsTest {

    // tag::faults[]
    @Test
    @Timeout(120)
    @DisplayName("after etcd stops and starts under it, the informer's store and handlers equal etcd")
    void etcdRestart(Etcd etcd) throws Exception {
        assumeTrue(etcd.canRestart(), "this test restarts etcd, and " + etcd.endpoints() + " is an external etcd");
        try (WatchApiServer server = WatchApiServer.start(etcd.client(), "127.0.0.1", 0, WatchCache.Options.DEFAULT)) {
            Running run = Running.start(etcd, server, "etcd-restart");
            run.write(0, 10);
            etcd.restart();
            run.write(10, 20);
            run.assertConverged();
        }
    }

    @Test
    @Timeout(120)
    @DisplayName("after the API server closes and comes back on the same port, the informer's store and handlers equal etcd")
    void apiServerRestart(Etcd etcd) throws Exception {
        WatchApiServer first = WatchApiServer.start(etcd.client(), "127.0.0.1", 0, WatchCache.Options.DEFAULT.withCapacity(5));
        int port = first.port();
        Running run = Running.start(etcd, first, "server-restart");
        try (WatchApiServer writer = WatchApiServer.start(etcd.client(), "127.0.0.1", 0, WatchCache.Options.DEFAULT)) {
            run.write(0, 5);
            first.close();
            run.writeThrough(writer, 5, 15); // while the informer's server is down: more than its next window
            try (WatchApiServer second = startOn(etcd, port)) {
                run.write(15, 20);
                run.assertConverged();
            }
        } finally {
            run.close();
        }
    }

    @Test
    @Timeout(120)
    @DisplayName("after etcd is compacted past its resourceVersion while its watch is down, it relists and equals etcd")
    void compactionPastItsResourceVersion(Etcd etcd) throws Exception {
        try (WatchApiServer server = WatchApiServer.start(etcd.client(), "127.0.0.1", 0,
                WatchCache.Options.DEFAULT.withCapacity(5))) {
            Running run = Running.start(etcd, server, "compaction");
            run.write(0, 5);
            run.awaitSynced();
            run.partition.cut();
            run.await("the reflector waits at the cut", run.partition::holding);
            run.write(5, 15);
            long revision = etcd.client().getKVClient().get(io.rvlab.ch01.Bytes.bytes("/")).get().getHeader().getRevision();
            new Compactor(etcd.client()).compact(revision);
            run.partition.heal();
            run.write(15, 18);
            run.assertConverged();
            assertThat(run.history.entries()).as("the resume met a 410 and the reflector relisted")
                    .anySatisfy(e -> assertThat(e.code()).isEqualTo(410));
        }
    }
    // end::faults[]

    private static WatchApiServer startOn(Etcd etcd, int port) throws InterruptedException {
        RuntimeException last = null;
        for (int attempt = 0; attempt < 50; attempt++) {
            try {
                return WatchApiServer.start(etcd.client(), "127.0.0.1", port, WatchCache.Options.DEFAULT.withCapacity(5));
            } catch (RuntimeException e) { // the port may linger for a moment after close
                last = e;
                Thread.sleep(100);
            }
        }
        throw last;
    }

    /** One informer over one namespace of ConfigMaps, recorded, and the writes made to them. */
    private static final class Running implements AutoCloseable {
        final Etcd etcd;
        final String namespace;
        final ConfigMapClient configMaps;
        final InformerHistory history = new InformerHistory();
        final Partition partition;
        final SharedInformer informer;
        long lastWrite;

        private Running(Etcd etcd, WatchApiServer server, String name) {
            this.etcd = etcd;
            ApiClient api = new ApiClient(server.url());
            this.namespace = name + "-" + UUID.randomUUID().toString().substring(0, 8);
            ObjectNode ns = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "Namespace");
            ns.putObject("metadata").put("name", namespace);
            api.create("/api/v1/namespaces", ns);
            this.configMaps = new ConfigMapClient(api, namespace);
            this.partition = new Partition(new ResourceListerWatcher(RestConfig.forUrl(server.url()), configMaps.collection()));
            ListerWatcher lw = history.recording(partition);
            this.informer = new SharedInformer(name, lw, ReplicaScenario.options(), Map.of());
            informer.addEventHandler(history).addListener(history).start();
        }

        static Running start(Etcd etcd, WatchApiServer server, String name) throws InterruptedException {
            Running run = new Running(etcd, server, name);
            run.awaitSynced();
            return run;
        }

        void awaitSynced() throws InterruptedException {
            await("the informer has synced", informer::hasSynced);
        }

        /** Writes i in [from, to): creates cm-(i%7), updates it, or deletes it, retrying while the server is away. */
        void write(int from, int to) throws InterruptedException {
            writeTo(configMaps, from, to);
        }

        void writeThrough(WatchApiServer other, int from, int to) throws InterruptedException {
            writeTo(new ConfigMapClient(new ApiClient(other.url()), namespace), from, to);
        }

        private void writeTo(ConfigMapClient client, int from, int to) throws InterruptedException {
            for (int i = from; i < to; i++) {
                String name = "cm-" + (i % 7);
                int step = i;
                retry(() -> {
                    ObjectNode written;
                    if (step % 5 == 4) {
                        written = client.delete(name);
                    } else {
                        try {
                            written = client.patch(name, "{\"data\":{\"k\":\"v" + step + "\"}}");
                        } catch (RuntimeException notFound) {
                            written = client.create(ReplicaScenario.configMap(name, "v" + step));
                        }
                    }
                    lastWrite = Math.max(lastWrite, ReplicaScenario.rv(written));
                });
            }
        }

        private static void retry(Runnable write) throws InterruptedException {
            RuntimeException last = null;
            for (int attempt = 0; attempt < 100; attempt++) {
                try {
                    write.run();
                    return;
                } catch (RuntimeException e) {
                    if (e.getMessage() != null && e.getMessage().contains("not found")) {
                        return; // a delete of what an earlier failed-looking attempt already deleted
                    }
                    last = e;
                    Thread.sleep(100);
                }
            }
            throw last;
        }

        void assertConverged() throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            EtcdState truth = EtcdState.read(etcd.client(), ResourceTypes.CONFIGMAPS.prefix(namespace));
            while (System.nanoTime() < deadline && !converged(truth)) {
                Thread.sleep(50);
                truth = EtcdState.read(etcd.client(), ResourceTypes.CONFIGMAPS.prefix(namespace));
            }
            InformerChecker.Report report = new InformerChecker(truth).check(history, informer.indexer().list());
            System.out.println("[faults] " + namespace + ": " + report);
            assertThat(report.ok()).as("%s%s", report, history.tail(30)).isTrue();
        }

        private boolean converged(EtcdState truth) {
            Map<String, ObjectNode> store = new TreeMap<>();
            informer.indexer().list().forEach(o -> store.put(ObjectKeys.of(o), o));
            return equal(store, truth.objects()) && equal(history.handlerView(), truth.objects()) && watchingSinceLastList();
        }

        /** Judged between a relist and the watch after it, a healthy reflector would look as if it gave up. */
        private boolean watchingSinceLastList() {
            boolean watching = true;
            for (InformerHistory.Entry e : history.entries()) {
                if (e.kind() == InformerHistory.Kind.REPLACED) {
                    watching = false;
                } else if (e.kind() == InformerHistory.Kind.WATCH_STARTED) {
                    watching = true;
                }
            }
            return watching;
        }

        private static boolean equal(Map<String, ObjectNode> a, Map<String, ObjectNode> b) {
            return a.keySet().equals(b.keySet()) && a.keySet().stream().allMatch(k -> InformerChecker.same(a.get(k), b.get(k)));
        }

        void await(String what, BooleanSupplier condition) throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!condition.getAsBoolean()) {
                assertThat(System.nanoTime()).as("waited 30 s for: " + what).isLessThan(deadline);
                Thread.sleep(10);
            }
        }

        @Override
        public void close() {
            informer.close();
        }
    }
}
