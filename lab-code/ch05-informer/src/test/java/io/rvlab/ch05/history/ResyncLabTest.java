package io.rvlab.ch05.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.Store;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.history.InformerChecker.Check;
import io.rvlab.support.etcd.EtcdExtension;
import java.time.Duration;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** The resync bug lab: a resync every 200 ms, three of them while nothing changes, then one write. */
@ExtendWith(EtcdExtension.class)
@DisplayName("Bug lab: resync is not relist")
class ResyncLabTest {

    private final Client etcd;

    ResyncLabTest(Client etcd) {
        this.etcd = etcd;
    }

    @Test
    @Timeout(60)
    @DisplayName("client-go's resync re-delivers the store as same-version updates and sends no LIST: every check holds")
    void resyncRedeliversWithoutListing() throws Exception {
        InformerChecker.Report report = run((queue, server) -> queue);

        assertThat(report.ok()).as("%s", report).isTrue();
        assertThat(report.resyncs()).isGreaterThanOrEqualTo(3);
        assertThat(report.lists()).as("LIST requests: only the first").isEqualTo(1);
    }

    @Test
    @Timeout(60)
    @DisplayName("ResyncAsRelist: a resync that LISTs is caught (RESYNC_LISTED)")
    void resyncAsRelistIsCaught() throws Exception {
        InformerChecker.Report report = run(ResyncAsRelist::new);

        assertThat(report.has(Check.RESYNC_LISTED)).as("%s", report).isTrue();
    }

    private InformerChecker.Report run(BiFunction<Store, ListerWatcher, Store> storeAround) throws Exception {
        try (WatchApiServer server = WatchApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT)) {
            ApiClient api = new ApiClient(server.url());
            String namespace = "resync-" + UUID.randomUUID().toString().substring(0, 8);
            ObjectNode ns = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "Namespace");
            ns.putObject("metadata").put("name", namespace);
            api.create("/api/v1/namespaces", ns);
            ConfigMapClient configMaps = new ConfigMapClient(api, namespace);
            for (int i = 0; i < 3; i++) {
                configMaps.create(ReplicaScenario.configMap("cm-" + i, "v0"));
            }
            InformerHistory history = new InformerHistory();
            ListerWatcher lw = history.recording(new ResourceListerWatcher(RestConfig.forUrl(server.url()), configMaps.collection()));
            try (HandRolledInformer informer = new HandRolledInformer("resync", lw,
                    ReplicaScenario.options().withResync(Duration.ofMillis(200)), storeAround, history, history).start()) {
                await(() -> history.count(InformerHistory.Kind.RESYNC) >= 3);
                long written = ReplicaScenario.rv(configMaps.patch("cm-0", "{\"data\":{\"k\":\"v1\"}}"));
                await(() -> informer.indexer().getByKey(namespace + "/cm-0")
                        .map(o -> ReplicaScenario.rv(o) >= written).orElse(false));
                EtcdState truth = EtcdState.read(etcd, ResourceTypes.CONFIGMAPS.prefix(namespace));
                await(() -> history.handlerView().getOrDefault(namespace + "/cm-0", JsonNodeFactory.instance.objectNode())
                        .path("metadata").path("resourceVersion").asText().equals(Long.toString(written)));
                InformerChecker.Report report = new InformerChecker(truth).check(history, informer.indexer().list());
                System.out.println("[resync] " + report);
                return report;
            }
        }
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(condition.getAsBoolean()).as("waited 30 s").isTrue();
    }
}
