package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.rvlab.ch06.structured.ApplySchema;
import io.rvlab.ch06.structured.ListMerge;
import java.util.function.BinaryOperator;

/**
 * <b>Exercise 6.3 (capstone): the keyed-list merge of server-side apply, inside the API server.</b>
 *
 * <p>When a manager applies a Deployment, the API server merges its configuration into the live object.
 * Most of that walk is given ({@link io.rvlab.ch06.structured.Merge}); this class is the one step that
 * makes apply more than a JSON merge: merging a <em>set</em> or an <em>associative list</em>, a list whose
 * items have an identity. {@code spec.template.spec.containers} is keyed by {@code name}, a container's
 * {@code ports} by {@code containerPort} and {@code protocol} together (a missing protocol means TCP),
 * {@code metadata.finalizers} is a set of strings. An item's identity is its path element, the {@code k:}
 * or {@code v:} you met in {@code fieldsV1}; the list's schema names every item. Because items have an
 * identity, two managers can each own one container of the same Pod template, or one field of the same
 * container, without touching each other.
 *
 * <p>Your merge replaces the server's own: {@code ./course serve --exercise 6.3} runs chapter 6's API
 * server with it, and every {@code kubectl apply --server-side} goes through it.
 *
 * <h2>The contract</h2>
 * <ul>
 *   <li>Every item the configuration names is in the result once. When the live list has an item of the
 *       same identity, the result holds the two merged (by {@code mergeItem}, which walks on below the
 *       item: what the live item has and the configuration does not say stays, because another manager
 *       may own it); otherwise the configuration's item as it is.</li>
 *   <li>Every live item the configuration does not name is in the result, unchanged. Dropping what a
 *       manager stopped applying is not the merge's business: the server does it afterwards, and only
 *       for what nobody else owns (exercise 6.4).</li>
 *   <li>Nothing else is in the result: no item twice, nothing invented.</li>
 *   <li>The order is Kubernetes 1.26's (structured-merge-diff v4.2.3): the items the configuration names
 *       come in the configuration's order, new ones where the configuration puts them, and an item only
 *       the live list has keeps its place among them. Examples (live + configuration = result):
 *       <pre>
 *       [nginx]      + [sidecar]    = [nginx, sidecar]
 *       [a, b]       + [b, a]       = [b, a]
 *       [a, x, b]    + [c, b]       = [a, x, c, b]
 *       [a, x, b]    + [b, c, a]    = [x, b, c, a]
 *       </pre></li>
 *   <li>Neither argument is changed. An item the schema cannot name (a container without a name) is an
 *       {@link IllegalArgumentException}, which the server answers with 400 Bad Request.</li>
 * </ul>
 *
 * <p>Why the order matters: a Pod's containers start in list order and {@code initContainers} run in it,
 * so an apply that reorders its file must reorder the stored list (Kubernetes 1.24 fixed exactly that,
 * kubernetes #104641), while a sidecar another manager injected must not move or vanish when you re-apply.
 *
 * <p>Grade it with {@code ./course grade 6 --exercise 6.3}. {@code KeyedListMergeTest} calls your merge on
 * small lists first, then starts chapter 6's API server with your merge inside and judges it with real
 * clients: {@code kubectl apply --server-side} by several field managers (containers added, removed by
 * omission, reordered, shared), the same steps compared with what the server's own merge stores, and the
 * golden transcript g1 of kube-apiserver 1.26.1.
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
