package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * <b>Exercise 6.3: merging a keyed list.</b>
 *
 * <p>When a config is applied, the API server merges it into the live object (structured-merge-diff's
 * Merge). Maps and structs merge field by field. A list merges according to its schema: an
 * <em>atomic</em> list (a container's {@code args} or {@code command}: any list without keys) is
 * replaced whole by the config's; a <em>keyed</em> list ({@code x-kubernetes-list-type: map}: {@code
 * containers} keyed by {@code name}, a container's {@code ports} keyed by {@code containerPort} and
 * {@code protocol}) merges item by item, matching items by their key fields:
 *
 * <ul>
 *   <li>an item in both lists is merged like an object: the config's fields win, the live item's other
 *       fields stay (they may belong to other managers);
 *   <li>an item only in the live list stays, in its place;
 *   <li>an item only in the config is added;
 *   <li>the config decides the order of the items it names (Kubernetes 1.24 and later prefer the order of
 *       the request); live-only items keep their place among them, and new items come after the live
 *       items that precede them: {@code [nginx]} merged with {@code [sidecar]} is {@code [nginx, sidecar]}.
 * </ul>
 *
 * <p>Nothing is removed here: dropping what a manager no longer applies is the next step (exercise 6.4).
 * This merge knows its lists by field name ({@link #POD_SPEC}), a simplification of the schema walk of
 * {@link io.rvlab.ch06.structured.Merge}.
 *
 * <p>Grade it with {@code ./course grade 6 --exercise 6.3}; the specification is {@code
 * KeyedListMergeTest}, whose last test applies a config to a Deployment on this chapter's server and
 * compares the containers it stores with your merge.
 */
public final class KeyedListMerge {

    /** The keyed lists of a pod spec, by field name, with their key fields; every other list is atomic. */
    public static final Map<String, List<String>> POD_SPEC = Map.of(
            "containers", List.of("name"),
            "initContainers", List.of("name"),
            "ports", List.of("containerPort", "protocol"),
            "env", List.of("name"));

    private final Map<String, List<String>> keyedLists;

    /** @param keyedLists field name of a keyed list -> its key fields; lists not named here are atomic */
    public KeyedListMerge(Map<String, List<String>> keyedLists) {
        this.keyedLists = Map.copyOf(keyedLists);
    }

    /** The key fields of the list in field {@code name}, or null if that list is atomic. */
    public List<String> keysOf(String name) {
        return keyedLists.get(name);
    }

    // tag::signature[]
    /**
     * {@code config} merged into {@code live}, two lists of objects keyed by {@code keys}: items matched by
     * the values of their key fields and merged with {@link #mergeObject}, live-only items kept in place,
     * new items added, in the order described above. The arguments are not modified.
     */
    public ArrayNode mergeList(ArrayNode live, ArrayNode config, List<String> keys) {
        throw new UnsupportedOperationException("TODO exercise 6.3: walk the live list and the config list"
                + " side by side, matching items by their key fields");
    }

    /**
     * {@code config} merged into {@code live}, field by field: a field only in live stays; an object in both
     * is merged again; a list in both whose field name is a keyed list is merged with {@link #mergeList};
     * anything else (scalars, atomic lists, fields new to live) takes the config's value. The arguments are
     * not modified.
     */
    public ObjectNode mergeObject(ObjectNode live, ObjectNode config) {
        throw new UnsupportedOperationException("TODO exercise 6.3: copy live, then merge every field of config into it");
    }
    // end::signature[]
}
