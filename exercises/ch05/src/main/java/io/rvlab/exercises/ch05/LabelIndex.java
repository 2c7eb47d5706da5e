package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.cache.IndexFunc;
import io.rvlab.ch05.cache.Indexer;
import java.util.List;
import java.util.Map;

/**
 * <b>Exercise 5.3: the store's label index.</b>
 *
 * <p>An informer's store answers "which objects carry app=web?" without a request to the server and
 * without scanning every object: an index. An {@link IndexFunc} maps an object to its index values;
 * the {@link Indexer} keeps, for each value, the keys of the objects that have it, and keeps that up
 * to date as objects are added, updated (their labels may change: the object moves from one value to
 * another) and deleted. {@code indexer.byIndex(name, value)} reads it.
 *
 * <p>Here: index every label as one value {@code "key=value"}, then answer an equality-based label
 * selector ({@code app=web,tier=front}: every pair must match) from the index alone. Given (package
 * {@code io.rvlab.ch05.cache}): {@code IndexFunc}, {@code Indexer}, {@code ObjectKeys}.
 *
 * <p>Grade it with {@code ./course grade 5 --exercise 5.3}; the specification is
 * {@code LabelIndexTest}, whose last test registers your index in a real informer, relabels and
 * deletes ConfigMaps on a real API server, and compares your answers with etcd's state.
 */
public final class LabelIndex {

    /** The name the index is registered under in the informer's indexers. */
    public static final String NAME = "labels";

    private LabelIndex() {
    }

    // tag::signature[]
    /** Every label of the object as one index value "key=value"; none if it has no labels. */
    public static IndexFunc labelPairs() {
        throw new UnsupportedOperationException("TODO exercise 5.3");
    }

    /**
     * The objects whose labels include every pair of {@code selector} (an equality-based label
     * selector such as {@code app=web,tier=front}), found through the index, not by scanning the
     * store; sorted by key. An empty selector selects everything.
     */
    public static List<ObjectNode> select(Indexer indexer, Map<String, String> selector) {
        throw new UnsupportedOperationException("TODO exercise 5.3");
    }
    // end::signature[]
}
