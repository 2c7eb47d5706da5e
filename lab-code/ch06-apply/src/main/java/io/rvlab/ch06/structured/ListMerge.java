package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.function.BinaryOperator;

/**
 * How an apply merges one set or associative list of the live object with the configuration's
 * (structured-merge-diff's list walk): the one step of {@link Merge} that chapter 6's server lets
 * another implementation take ({@link io.rvlab.ch06.server.ApplyApiServer#start(io.etcd.jetcd.Client,
 * String, int, io.rvlab.ch04.cache.WatchCache.Options, java.time.Clock, ListMerge)}); exercise 6.3 is
 * one. {@link #BUILT_IN} is the server's own.
 */
@FunctionalInterface
public interface ListMerge {

    /** The server's own: structured-merge-diff v4.2.3's order (Kubernetes 1.26). */
    ListMerge BUILT_IN = Merge::mergeItems;

    /**
     * {@code config} merged into {@code live}, a new list; neither argument is changed.
     *
     * @param list the list's schema: {@link ApplySchema#itemElement} names each item (its {@code k:} or
     *        {@code v:}); two items with equal names are the same item. The configuration names each
     *        item once (the server refused it otherwise); the live list may not.
     * @param mergeItem merges a live item with the configuration's item of the same name (the walk
     *        goes on below the item)
     * @throws IllegalArgumentException for an item the schema cannot name (the apply answers 400)
     */
    ArrayNode merge(ArrayNode live, ArrayNode config, ApplySchema list, BinaryOperator<JsonNode> mergeItem);
}
