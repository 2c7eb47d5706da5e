package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.Objects.cm;
import static io.rvlab.ch05.cache.Objects.labelled;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("ThreadSafeIndexer: the informer's cache and its indexes")
class ThreadSafeIndexerTest {

    private final ThreadSafeIndexer indexer = new ThreadSafeIndexer(
            Map.of(Indexers.NAMESPACE, Indexers.byNamespace(), "app", Indexers.byLabel("app")));

    @Test
    @DisplayName("objects are keyed namespace/name, cluster-scoped ones by name alone")
    void keys() {
        indexer.add(cm("lab", "a", "1"));
        indexer.add(cm(null, "lab", "2"));
        assertThat(indexer.listKeys()).containsExactlyInAnyOrder("lab/a", "lab");
        assertThat(indexer.getByKey("lab/a")).isPresent();
        assertThat(ObjectKeys.of(new DeletedFinalStateUnknown("x/y", null))).isEqualTo("x/y");
    }

    @Test
    @DisplayName("the namespace index finds an object's namespace's objects, and forgets them when deleted")
    void namespaceIndex() {
        indexer.add(cm("a", "one", "1"));
        indexer.add(cm("a", "two", "2"));
        indexer.add(cm("b", "three", "3"));
        assertThat(indexer.indexKeys(Indexers.NAMESPACE, "a")).containsExactlyInAnyOrder("a/one", "a/two");
        indexer.delete(cm("a", "one", "4"));
        assertThat(indexer.indexKeys(Indexers.NAMESPACE, "a")).containsExactly("a/two");
        indexer.delete(cm("a", "two", "5"));
        assertThat(indexer.byIndex(Indexers.NAMESPACE, "a")).isEmpty();
        assertThat(indexer.indexValues(Indexers.NAMESPACE)).containsExactly("b"); // no empty bucket left
    }

    @Test
    @DisplayName("an update that changes a label moves the object between the label index's buckets")
    void labelIndexFollowsUpdates() {
        indexer.add(labelled("lab", "x", "1", "app", "web"));
        indexer.add(cm("lab", "y", "2")); // no label: not in the label index
        assertThat(indexer.indexKeys("app", "web")).containsExactly("lab/x");
        indexer.update(labelled("lab", "x", "3", "app", "db"));
        assertThat(indexer.indexKeys("app", "web")).isEmpty();
        assertThat(indexer.byIndex("app", "db")).extracting(Objects::rv).containsExactly("3");
        assertThat(indexer.indexValues("app")).containsExactly("db");
    }

    @Test
    @DisplayName("replace swaps the whole content, indexes included")
    void replace() {
        indexer.add(labelled("lab", "old", "1", "app", "web"));
        indexer.replace(List.of(labelled("lab", "new", "5", "app", "web"), cm("other", "z", "6")), "7");
        assertThat(indexer.listKeys()).containsExactlyInAnyOrder("lab/new", "other/z");
        assertThat(indexer.indexKeys("app", "web")).containsExactly("lab/new");
        assertThat(indexer.indexKeys(Indexers.NAMESPACE, "other")).containsExactly("other/z");
        assertThat(indexer.resourceVersion()).isEqualTo("7");
    }

    @Test
    @DisplayName("asking an index that does not exist is an error, as in client-go")
    void unknownIndex() {
        assertThatThrownBy(() -> indexer.byIndex("nope", "x")).hasMessageContaining("nope");
    }
}
