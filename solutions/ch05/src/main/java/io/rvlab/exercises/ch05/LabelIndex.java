package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.cache.IndexFunc;
import io.rvlab.ch05.cache.Indexer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * <b>Exercise 5.3: the store's label index.</b> Reference answer.
 */
public final class LabelIndex {

    /** The name the index is registered under in the informer's indexers. */
    public static final String NAME = "labels";

    private LabelIndex() {
    }

    // tag::signature[]
    /** Every label of the object as one index value "key=value"; none if it has no labels. */
    public static IndexFunc labelPairs() {
        return object -> {
            List<String> values = new ArrayList<>();
            object.path("metadata").path("labels").fields()
                    .forEachRemaining(label -> values.add(label.getKey() + "=" + label.getValue().asText()));
            return values;
        };
    }

    /**
     * The objects whose labels include every pair of {@code selector} (an equality-based label
     * selector such as {@code app=web,tier=front}), found through the index, not by scanning the
     * store; sorted by key. An empty selector selects everything.
     */
    public static List<ObjectNode> select(Indexer indexer, Map<String, String> selector) {
        if (selector.isEmpty()) {
            return sorted(indexer.list());
        }
        Map<String, ObjectNode> found = null;
        for (Map.Entry<String, String> pair : selector.entrySet()) {
            Map<String, ObjectNode> matching = new TreeMap<>();
            for (ObjectNode object : indexer.byIndex(NAME, pair.getKey() + "=" + pair.getValue())) {
                matching.put(key(object), object);
            }
            if (found == null) {
                found = matching;
            } else {
                found.keySet().retainAll(matching.keySet());
            }
        }
        return new ArrayList<>(found.values());
    }
    // end::signature[]

    private static List<ObjectNode> sorted(List<ObjectNode> objects) {
        List<ObjectNode> copy = new ArrayList<>(objects);
        copy.sort(Comparator.comparing(LabelIndex::key));
        return copy;
    }

    private static String key(ObjectNode object) {
        String namespace = object.path("metadata").path("namespace").asText("");
        String name = object.path("metadata").path("name").asText("");
        return namespace.isEmpty() ? name : namespace + "/" + name;
    }
}
