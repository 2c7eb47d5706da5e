package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.rvlab.ch06.fieldpath.PathElement;
import io.rvlab.ch06.structured.ApplySchema;
import io.rvlab.ch06.structured.ListMerge;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BinaryOperator;

/**
 * <b>Exercise 6.3 (capstone): the keyed-list merge of server-side apply, inside the API server.</b>
 *
 * <p>An apply merges the configuration into the live object; the walk is given, and this class is the step
 * that makes apply more than a JSON merge: a <em>set</em> ({@code metadata.finalizers}) or an <em>associative
 * list</em> ({@code containers} keyed by {@code name}, a container's {@code ports} by {@code containerPort} and
 * {@code protocol}, a missing protocol meaning TCP), whose items have an identity, their {@code k:} or {@code
 * v:} element: {@code list.itemElement(item, index)} of the given {@code io.rvlab.ch06.structured.ApplySchema},
 * an {@code io.rvlab.ch06.fieldpath.PathElement}. That identity lets two managers each own one container.
 * {@code ./course serve --exercise 6.3} runs chapter 6's API server with your merge in it.
 *
 * <ul>
 *   <li>Every item the configuration names is in the result once: merged by {@code mergeItem} with the live
 *       item of the same identity, or as the configuration has it when the live list has none. Every live item
 *       it does not name is kept, unchanged (removing is the server's job afterwards, exercise 6.4). Nothing
 *       else is in the result.</li>
 *   <li>Kubernetes' order: {@code [nginx] + [sidecar] = [nginx, sidecar]}, {@code [a, x, b] + [c, b] =
 *       [a, x, c, b]}, {@code [a, x, b] + [b, c, a] = [x, b, c, a]} (live + configuration = result). A reordered
 *       file reorders the stored list (kubernetes #104641); an injected sidecar does not move or vanish.</li>
 *   <li>Beyond the chapter's walk: the live list may hold an item twice (an update does not check for that),
 *       and the apply still succeeds, as since Kubernetes 1.29. Every copy of an item the configuration does not
 *       name stays where it was; an item it names is in the result once, the configuration's own, merged with
 *       no copy. {@code [a, b, b] + [c] = [a, b, b, c]}, {@code [a, b, b] + [b] = [a, b]}.</li>
 *   <li>A configuration that names an item twice is refused before merging anything, with an {@link
 *       IllegalArgumentException} saying {@code duplicate entries for key [name="nginx"]} (the item as a path
 *       shows it), as kube-apiserver answers. An item the schema cannot name is refused too.</li>
 *   <li>Neither argument is changed, and the result shares no node with them.</li>
 * </ul>
 * <p>Refused by the tests: the server's own merge ({@code ListMerge.BUILT_IN}, {@code
 * io.rvlab.ch06.structured.Merge}, {@code Updater}). Grade it with {@code ./course grade 6 --exercise 6.3}.
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
        Set<PathElement> twiceInLive = new HashSet<>();
        for (int i = 0; i < live.size(); i++) {
            PathElement name = list.itemElement(live.get(i), i);
            liveNames.add(name);
            if (firstInLive.putIfAbsent(name, i) != null) {
                twiceInLive.add(name);
            }
        }
        Map<PathElement, JsonNode> wanted = new LinkedHashMap<>();
        for (int i = 0; i < config.size(); i++) {
            PathElement name = list.itemElement(config.get(i), i);
            if (wanted.putIfAbsent(name, config.get(i)) != null) {
                // Refused before anything is merged, in kube-apiserver's words (the server answers 400).
                throw new IllegalArgumentException("duplicate entries for key " + name);
            }
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
                if (!wanted.containsKey(name)) {
                    out.add(live.get(l).deepCopy()); // not named: kept in place, every copy of it
                    l++;
                    continue;
                }
                // A named item's later copies go: the configuration's one item replaces them all
                // (structured-merge-diff v4.4, typed/merge.go, indexListPathElements with allowDuplicates).
                // kube's walk also takes the next new item up when it skips such a copy; no test pins that.
                boolean itsTurn = firstInLive.get(name) == l
                        && nextShared < shared.size() && shared.get(nextShared).equals(name);
                if (!itsTurn) {
                    l++;
                    continue;
                }
            }
            // The configuration's items up to (and with) the shared item whose turn it is, or all that are left.
            PathElement name = configNames.get(c++);
            Integer twin = firstInLive.get(name);
            // Which of two live copies would the configuration's item merge into? Neither: it is taken as it is.
            boolean alone = twin == null || twiceInLive.contains(name);
            out.add(alone ? wanted.get(name).deepCopy() : mergeItem.apply(live.get(twin), wanted.get(name)));
            if (nextShared < shared.size() && shared.get(nextShared).equals(name)) {
                nextShared++;
            }
        }
        return out;
    }
    // end::signature[]
}
