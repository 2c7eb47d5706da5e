package io.rvlab.exercises.ch05;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch05.cache.ObjectKeys;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.cache.ThreadSafeIndexer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.history.EtcdState;
import io.rvlab.ch05.history.InformerChecker;
import io.rvlab.ch05.history.InformerHistory;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 5.3 (the store's label index): the index function, selections from an
 * indexer, then the index inside a real informer while ConfigMaps are created, relabelled and deleted,
 * every answer compared with etcd's state.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(90)
@DisplayName("5.3 the store's label index")
class LabelIndexTest {

    @Test
    @DisplayName("every label is one index value \"key=value\"; no labels, no values")
    void indexValues() {
        assertThat(LabelIndex.labelPairs().indexValues(Stage.configMap("a", Map.of("app", "web", "tier", "front"))))
                .containsExactlyInAnyOrder("app=web", "tier=front");
        assertThat(LabelIndex.labelPairs().indexValues(Stage.configMap("b", Map.of()))).isEmpty();
        ObjectNode bare = Stage.configMap("c", Map.of());
        ((ObjectNode) bare.get("metadata")).remove("labels");
        assertThat(LabelIndex.labelPairs().indexValues(bare)).as("no metadata.labels at all").isEmpty();
    }

    @Test
    @DisplayName("a selector is answered from the index: every pair must match; an update moves an object between values")
    void selectFromAnIndexer() {
        ThreadSafeIndexer indexer = new ThreadSafeIndexer(Map.of(LabelIndex.NAME, LabelIndex.labelPairs()));
        indexer.add(inNamespace(Stage.configMap("a", Map.of("app", "web", "tier", "front"))));
        indexer.add(inNamespace(Stage.configMap("b", Map.of("app", "web", "tier", "back"))));
        indexer.add(inNamespace(Stage.configMap("c", Map.of("app", "db"))));

        assertThat(names(LabelIndex.select(indexer, Map.of("app", "web")))).containsExactly("a", "b");
        assertThat(names(LabelIndex.select(indexer, Map.of("app", "web", "tier", "back")))).containsExactly("b");
        assertThat(names(LabelIndex.select(indexer, Map.of("app", "cache")))).isEmpty();
        assertThat(names(LabelIndex.select(indexer, Map.of()))).as("empty selector: everything").containsExactly("a", "b", "c");

        indexer.update(inNamespace(Stage.configMap("b", Map.of("app", "db"))));
        assertThat(names(LabelIndex.select(indexer, Map.of("app", "web")))).containsExactly("a");
        assertThat(names(LabelIndex.select(indexer, Map.of("app", "db")))).containsExactly("b", "c");
    }

    @Test
    @DisplayName("selections come back sorted by key, whatever the order objects arrived in; a key is namespace/name")
    void selectionsAreSortedByNamespacedKey() {
        ThreadSafeIndexer indexer = new ThreadSafeIndexer(Map.of(LabelIndex.NAME, LabelIndex.labelPairs()));
        indexer.add(inNamespace(Stage.configMap("c", Map.of("app", "web"))));
        indexer.add(inNamespace(Stage.configMap("a", Map.of("app", "db"))));
        indexer.add(inNamespace(Stage.configMap("b", Map.of("app", "web"))));
        assertThat(names(LabelIndex.select(indexer, Map.of())))
                .as("empty selector after adding c, a, b: everything, in key order").containsExactly("a", "b", "c");

        // The same name in two namespaces is two objects (keys "lab/web" and "prod/web"), both selected.
        ThreadSafeIndexer twoNamespaces = new ThreadSafeIndexer(Map.of(LabelIndex.NAME, LabelIndex.labelPairs()));
        ObjectNode prod = Stage.configMap("web", Map.of("app", "web"));
        ((ObjectNode) prod.get("metadata")).put("namespace", "prod");
        twoNamespaces.add(prod);
        twoNamespaces.add(inNamespace(Stage.configMap("web", Map.of("app", "web"))));
        assertThat(LabelIndex.select(twoNamespaces, Map.of("app", "web")))
                .extracting(o -> o.path("metadata").path("namespace").asText() + "/" + o.path("metadata").path("name").asText())
                .as("app=web over ConfigMap web in namespaces prod and lab: both, in key order")
                .containsExactly("lab/web", "prod/web");
    }

    // tag::grading[]
    @Test
    @DisplayName("in a real informer, after creates, relabels and deletes, every selection equals etcd's")
    void informerIndexFollowsEtcd(Client etcd) throws Exception {
        LabelIndex.labelPairs(); // a skeleton fails here, at once
        try (Stage stage = new Stage(etcd, WatchCache.Options.DEFAULT)) {
            String namespace = stage.namespace("labels");
            ConfigMapClient cms = stage.configMaps(namespace);
            InformerHistory history = new InformerHistory();
            try (SharedInformer informer = new SharedInformer("labels", history.recording(new ResourceListerWatcher(
                    RestConfig.forUrl(stage.server.url()), cms.collection())), Stage.reflectorOptions(),
                    Map.of(LabelIndex.NAME, LabelIndex.labelPairs()))) {
                informer.addEventHandler(history).addListener(history).start();
                cms.create(Stage.configMap("a", Map.of("app", "web", "tier", "front")));
                cms.create(Stage.configMap("b", Map.of("app", "web", "tier", "back")));
                cms.create(Stage.configMap("c", Map.of("app", "db")));
                cms.create(Stage.configMap("d", Map.of("app", "web")));
                cms.patch("b", "{\"metadata\":{\"labels\":{\"app\":\"db\",\"tier\":null}}}");
                cms.delete("d");
                cms.patch("c", "{\"metadata\":{\"labels\":{\"tier\":\"front\"}}}");

                EtcdState truth = EtcdState.read(etcd, ResourceTypes.CONFIGMAPS.prefix(namespace));
                assertThat(Stage.await(() -> Stage.sameAs(informer.indexer().list(), truth)
                        && Stage.sameAs(history.handlerView().values(), truth))).as("the informer caught up with etcd").isTrue();
                for (Map<String, String> selector : List.of(Map.of("app", "web"), Map.of("app", "db"),
                        Map.of("tier", "front"), Map.of("app", "db", "tier", "front"), Map.of("tier", "back"), Map.<String, String>of())) {
                    assertThat(names(LabelIndex.select(informer.indexer(), selector)))
                            .as("selector %s", selector).containsExactlyElementsOf(expected(truth, selector));
                }
                InformerChecker.Report report = Stage.checker(truth).check(history, informer.indexer().list());
                assertThat(report.ok()).as("the history checker: %s", report).isTrue();
            }
        }
    }
    // end::grading[]

    private static List<String> expected(EtcdState truth, Map<String, String> selector) {
        return truth.objects().values().stream()
                .filter(o -> selector.entrySet().stream().allMatch(
                        pair -> pair.getValue().equals(o.path("metadata").path("labels").path(pair.getKey()).asText(null))))
                .map(o -> o.path("metadata").path("name").asText())
                .sorted()
                .toList();
    }

    private static ObjectNode inNamespace(ObjectNode object) {
        ((ObjectNode) object.get("metadata")).put("namespace", "lab");
        return object;
    }

    private static List<String> names(List<ObjectNode> objects) {
        return objects.stream().map(o -> ObjectKeys.of(o)).map(k -> k.substring(k.indexOf('/') + 1)).toList();
    }
}
