package io.rvlab.ch06.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.storage.GetOptions;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.registry.MergePatch;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.support.etcd.EtcdExtension;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The store under concurrent writers, on a real etcd: the field manager runs inside the guaranteed
 * update, so every attempt is computed against the object it replaces and no manager's entry is
 * lost; applies racing to create one object create it once.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("ApplyRegistryStore: managers recorded against the object each write replaces")
class ApplyRegistryStoreTest {

    private static final int WRITERS = 8;

    private final Client etcd;
    private ApplyRegistryStore configMaps;
    private String namespace;
    private ExecutorService pool;

    ApplyRegistryStoreTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeEach
    void setUp() {
        EtcdUpdatableStorage storage = new EtcdUpdatableStorage(etcd);
        configMaps = new ApplyRegistryStore(ResourceTypes.CONFIGMAPS, storage);
        namespace = "store-" + UUID.randomUUID().toString().substring(0, 8);
        ObjectNode ns = JsonNodeFactory.instance.objectNode();
        ns.putObject("metadata").put("name", namespace);
        new ApplyRegistryStore(ResourceTypes.NAMESPACES, storage).create("", ns, Directive.WARN, "test");
        pool = Executors.newFixedThreadPool(WRITERS);
    }

    @AfterEach
    void tearDown() {
        pool.shutdownNow();
    }

    private static ObjectNode config(String name, String key) {
        ObjectNode config = JsonNodeFactory.instance.objectNode();
        config.put("apiVersion", "v1").put("kind", "ConfigMap");
        config.putObject("metadata").put("name", name);
        config.putObject("data").put(key, "v");
        return config;
    }

    private <T> List<T> concurrently(List<Callable<T>> tasks) throws Exception {
        List<T> results = new ArrayList<>();
        for (Future<T> future : pool.invokeAll(tasks)) {
            results.add(future.get());
        }
        return results;
    }

    private static Set<String> managers(JsonNode object) {
        Set<String> managers = new HashSet<>();
        object.path("metadata").path("managedFields").forEach(e -> managers.add(e.path("manager").asText()));
        return managers;
    }

    @Test
    @DisplayName("eight managers apply to an object that does not exist: one creates it, all of them own their key")
    void racingApplies() throws Exception {
        List<Callable<ApplyRegistryStore.Applied>> tasks = new ArrayList<>();
        for (int i = 0; i < WRITERS; i++) {
            String manager = "m" + i;
            tasks.add(() -> configMaps.apply(namespace, "raced", config("raced", "k" + manager), false, manager, false,
                    Directive.WARN));
        }
        List<ApplyRegistryStore.Applied> results = concurrently(tasks);
        assertThat(results).filteredOn(ApplyRegistryStore.Applied::created).hasSize(1);
        ObjectNode stored = configMaps.get(namespace, "raced", GetOptions.LATEST);
        assertThat(stored.path("data").size()).isEqualTo(WRITERS);
        assertThat(managers(stored)).hasSize(WRITERS);
    }

    @Test
    @DisplayName("eight managers merge-patch one object at once: every write is recorded, none overwrites another's entry")
    void racingPatches() throws Exception {
        configMaps.apply(namespace, "patched", config("patched", "base"), false, "creator", false, Directive.WARN);
        List<Callable<ObjectNode>> tasks = new ArrayList<>();
        for (int i = 0; i < WRITERS; i++) {
            String manager = "p" + i;
            tasks.add(() -> configMaps.patch(namespace, "patched",
                    MergePatch.parse(("{\"data\":{\"" + manager + "\":\"x\"}}").getBytes(StandardCharsets.UTF_8)), false,
                    Directive.WARN, manager));
        }
        concurrently(tasks);
        ObjectNode stored = configMaps.get(namespace, "patched", GetOptions.LATEST);
        assertThat(stored.path("data").size()).isEqualTo(WRITERS + 1);
        assertThat(managers(stored)).hasSize(WRITERS + 1).contains("creator", "p0", "p7");
    }

    @Test
    @DisplayName("a no-op apply writes nothing: same resourceVersion, same bytes")
    void noOpApply() {
        ObjectNode first = configMaps.apply(namespace, "same", config("same", "k"), false, "me", false, Directive.WARN).object();
        ObjectNode again = configMaps.apply(namespace, "same", config("same", "k"), false, "me", false, Directive.WARN).object();
        assertThat(again).isEqualTo(first);
    }
}
