package io.rvlab.ch06.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.etcd.jetcd.Client;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientFactory;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A real Kubernetes client judges the server {@code ./course serve} runs: fabric8's informer lists,
 * watches and hands every change to its handler, and fabric8's update carries the resourceVersion
 * it read, so a stale one is refused with 409 Conflict, as kube-apiserver refuses it.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("fabric8 against chapter 6's server: an informer sees every change, a stale update is a 409")
class Fabric8ClientTest {

    private static final long WAIT_SECONDS = 15;

    private final Client etcd;
    private ApplyApiServer server;
    private KubernetesClient kubernetes;
    private String namespace;

    Fabric8ClientTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void start() {
        server = ApplyApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT);
        // Config.empty(): nothing from ~/.kube/config or the environment, only this server
        Config config = new ConfigBuilder(Config.empty()).withMasterUrl(server.url().toString()).build();
        kubernetes = new KubernetesClientBuilder().withConfig(config).withHttpClientFactory(new JdkHttpClientFactory()).build();
        namespace = "fabric8-" + UUID.randomUUID().toString().substring(0, 8);
        kubernetes.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
                .create();
    }

    @AfterAll
    void stop() {
        if (kubernetes != null) {
            kubernetes.close();
        }
        if (server != null) {
            server.close();
        }
    }

    /** What the informer's handler was told, one line per call: "ADD name data", "UPDATE name data", "DELETE name". */
    private static final class Seen implements ResourceEventHandler<ConfigMap> {
        final LinkedBlockingQueue<String> calls = new LinkedBlockingQueue<>();

        @Override
        public void onAdd(ConfigMap cm) {
            calls.add("ADD " + cm.getMetadata().getName() + " " + cm.getData());
        }

        @Override
        public void onUpdate(ConfigMap old, ConfigMap cm) {
            if (!old.getMetadata().getResourceVersion().equals(cm.getMetadata().getResourceVersion())) {
                calls.add("UPDATE " + cm.getMetadata().getName() + " " + cm.getData()); // not a resync
            }
        }

        @Override
        public void onDelete(ConfigMap cm, boolean finalStateUnknown) {
            calls.add("DELETE " + cm.getMetadata().getName());
        }

        String next() throws InterruptedException {
            String call = calls.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertThat(call).as("the handler is called within " + WAIT_SECONDS + " s").isNotNull();
            return call;
        }
    }

    private static ConfigMap configMap(String name, String value) {
        return new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata().withData(Map.of("k", value)).build();
    }

    @Test
    @DisplayName("a SharedIndexInformer syncs, then its handler sees a create, an update and a delete, and its store follows")
    void informerSeesCreateUpdateDelete() throws Exception {
        kubernetes.configMaps().inNamespace(namespace).resource(configMap("before", "0")).create();
        Seen seen = new Seen();
        SharedIndexInformer<ConfigMap> informer = kubernetes.configMaps().inNamespace(namespace).inform(seen, 0);
        try {
            assertThat(informer.hasSynced()).as("inform() returns once the first list is in the store").isTrue();
            assertThat(seen.next()).isEqualTo("ADD before {k=0}");

            kubernetes.configMaps().inNamespace(namespace).resource(configMap("watched", "1")).create();
            assertThat(seen.next()).isEqualTo("ADD watched {k=1}");
            kubernetes.configMaps().inNamespace(namespace).withName("watched")
                    .edit(cm -> new ConfigMapBuilder(cm).withData(Map.of("k", "2")).build());
            assertThat(seen.next()).isEqualTo("UPDATE watched {k=2}");
            kubernetes.configMaps().inNamespace(namespace).withName("watched").delete();
            assertThat(seen.next()).isEqualTo("DELETE watched");

            assertThat(informer.getStore().listKeys()).containsExactly(namespace + "/before");
            assertThat(informer.isWatching()).isTrue();
        } finally {
            informer.close();
        }
    }

    @Test
    @DisplayName("an update that carries a stale resourceVersion is refused with 409 Conflict")
    void staleUpdateIsConflict() {
        ConfigMap read = kubernetes.configMaps().inNamespace(namespace).resource(configMap("contended", "1")).create();
        ConfigMap newer = kubernetes.configMaps().inNamespace(namespace)
                .resource(new ConfigMapBuilder(read).withData(Map.of("k", "2")).build()).update();
        assertThat(newer.getMetadata().getResourceVersion()).isNotEqualTo(read.getMetadata().getResourceVersion());

        ConfigMap stale = new ConfigMapBuilder(read).withData(Map.of("k", "3")).build(); // still the first resourceVersion
        assertThatThrownBy(() -> kubernetes.configMaps().inNamespace(namespace).resource(stale).update())
                .isInstanceOf(KubernetesClientException.class)
                .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(409));
        assertThat(kubernetes.configMaps().inNamespace(namespace).withName("contended").get().getData())
                .as("the newer write stands").containsEntry("k", "2");
    }
}
