package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.rvlab.ch06.structured.ApplySchema;
import io.rvlab.ch06.structured.ListMerge;
import java.util.function.BinaryOperator;

/**
 * <b>Exercise 6.3 (capstone): the keyed-list merge of server-side apply, inside the API server.</b>
 *
 * <p>An apply merges the configuration into the live object; the walk is given, and this class is the one
 * step that makes apply more than a JSON merge: a <em>set</em> ({@code metadata.finalizers}) or an
 * <em>associative list</em> ({@code containers} keyed by {@code name}, a container's {@code ports} by
 * {@code containerPort} and {@code protocol}, a missing protocol meaning TCP), whose items have an identity:
 * their {@code k:} or {@code v:} path element, which the list's schema
 * ({@code io.rvlab.ch06.structured.ApplySchema}) gives as an {@code io.rvlab.ch06.fieldpath.PathElement}.
 * That identity lets two managers each own one container, or one field of the same container.
 * {@code ./course serve --exercise 6.3} runs chapter 6's API server with your merge in it. Handing the lists
 * to the server's own merge ({@code ListMerge.BUILT_IN}, {@code io.rvlab.ch06.structured.Merge}) is refused.
 *
 * <h2>The contract</h2>
 * <ul>
 *   <li>Every item the configuration names is in the result once: merged with the live item of the same
 *       identity by {@code mergeItem} (what the live item has and the configuration does not say stays:
 *       another manager may own it), or, when the live list has none, the configuration's item as it is.</li>
 *   <li>Every live item the configuration does not name is in the result, unchanged: dropping what a manager
 *       stopped applying is the server's job afterwards, and only for what nobody else owns (exercise 6.4).
 *       Nothing else is in the result.</li>
 *   <li>Kubernetes 1.26's order (structured-merge-diff v4.2.3): the configuration's items in its order, new
 *       ones where it puts them, a live-only item keeping its place among them (live + configuration =
 *       result): {@code [nginx] + [sidecar] = [nginx, sidecar]}, {@code [a, x, b] + [c, b] = [a, x, c, b]},
 *       {@code [a, x, b] + [b, c, a] = [x, b, c, a]}. Containers start, and init containers run, in list
 *       order: a reordered file must reorder the stored list (kubernetes #104641), while a sidecar another
 *       manager injected must not move or vanish.</li>
 *   <li>Neither argument is changed, and the result shares no node with them. An item the schema cannot
 *       name (a container without a name) is an {@link IllegalArgumentException}: the server answers 400.</li>
 * </ul>
 *
 * <p>Grade it with {@code ./course grade 6 --exercise 6.3}: small lists first, then {@code kubectl apply
 * --server-side} by several managers, compared with the server's own merge and the golden transcript g1.
 */
public final class KeyedListMerge implements ListMerge {

    // tag::signature[]
    /**
     * {@code config} merged into {@code live}, as described above.
     *
     * @param list the list's schema: {@code list.itemElement(item, index)} is an item's identity
     * @param mergeItem merges a live item with the configuration's item of the same identity
     */
    @Override
    public ArrayNode merge(ArrayNode live, ArrayNode config, ApplySchema list, BinaryOperator<JsonNode> mergeItem) {
        throw new UnsupportedOperationException("TODO exercise 6.3");
    }
    // end::signature[]
}
