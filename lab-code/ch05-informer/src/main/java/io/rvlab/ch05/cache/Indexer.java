package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A {@link Store} with secondary indexes (client-go's {@code cache.Indexer}): "every ConfigMap in
 * namespace lab" without scanning them all. Indexes are named; each has an {@link IndexFunc}.
 */
public interface Indexer extends Store {

    /** The objects whose index {@code indexName} holds {@code indexedValue}; an unknown index is an error. */
    List<ObjectNode> byIndex(String indexName, String indexedValue);

    /** Their keys. */
    List<String> indexKeys(String indexName, String indexedValue);
}
