package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.rvlab.ch06.fieldpath.PathElement;
import io.rvlab.ch06.structured.ApplySchema;
import io.rvlab.ch06.structured.ListMerge;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        List<PathElement> liveNames = new ArrayList<>();
        Map<PathElement, Integer> firstInLive = new HashMap<>();
        for (int i = 0; i < live.size(); i++) {
            PathElement name = list.itemElement(live.get(i), i);
            liveNames.add(name);
            firstInLive.putIfAbsent(name, i);
        }
        Map<PathElement, JsonNode> wanted = new LinkedHashMap<>();
        for (int i = 0; i < config.size(); i++) {
            wanted.putIfAbsent(list.itemElement(config.get(i), i), config.get(i));
        }
        List<PathElement> configNames = new ArrayList<>(wanted.keySet());
        // The items both lists name, in the configuration's order: each is placed when the live walk reaches
        // it in turn; until then the live walk skips the shared items the configuration places later.
        List<PathElement> shared = configNames.stream().filter(firstInLive::containsKey).toList();
        int nextShared = 0;

        ArrayNode out = live.arrayNode();
        int l = 0;
        int c = 0;
        while (l < live.size() || c < configNames.size()) {
            if (l < live.size()) {
                PathElement name = liveNames.get(l);
                boolean liveOnly = !wanted.containsKey(name) || firstInLive.get(name) != l;
                if (liveOnly) {
                    out.add(live.get(l).deepCopy());
                    l++;
                    continue;
                }
                boolean itsTurn = nextShared < shared.size() && shared.get(nextShared).equals(name);
                if (!itsTurn) {
                    l++;
                    continue;
                }
            }
            // The configuration's items up to (and with) the shared item whose turn it is, or all that are left.
            PathElement name = configNames.get(c++);
            Integer twin = firstInLive.get(name);
            out.add(twin == null ? wanted.get(name).deepCopy() : mergeItem.apply(live.get(twin), wanted.get(name)));
            if (nextShared < shared.size() && shared.get(nextShared).equals(name)) {
                nextShared++;
            }
        }
        return out;
    }
    // end::signature[]
}
