package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;

/**
 * A configuration merged into the live object, as structured-merge-diff's {@code Merge}: structs
 * and maps key by key, sets and associative lists item by item (in the configuration's order, with
 * live-only items kept in place among them), and scalars and atomic lists replaced by the
 * configuration's value. What the configuration does not mention is kept. How a set or an
 * associative list merges is a {@link ListMerge}: {@link ListMerge#BUILT_IN} unless the caller
 * passes another (exercise 6.3 runs inside the server that way).
 */
public final class Merge {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Merge() {
    }

    /** A new object; neither argument is changed. {@code live == null} merges into nothing. */
    public static ObjectNode apply(JsonNode live, JsonNode config, ApplySchema schema) {
        return apply(live, config, schema, ListMerge.BUILT_IN);
    }

    /** The same, with {@code lists} merging every set and associative list. */
    public static ObjectNode apply(JsonNode live, JsonNode config, ApplySchema schema, ListMerge lists) {
        JsonNode merged = merge(live == null ? F.objectNode() : live, config, schema, lists);
        if (!merged.isObject()) {
            throw new IllegalArgumentException("an object can only be merged with an object");
        }
        return (ObjectNode) merged;
    }

    private static JsonNode merge(JsonNode live, JsonNode config, ApplySchema schema, ListMerge lists) {
        if (config == null) {
            return live.deepCopy();
        }
        if (live == null || live.isNull()) {
            return config.deepCopy();
        }
        if (live.isObject() && config.isObject() && Items.granular(config, schema)) {
            ObjectNode out = ((ObjectNode) live).deepCopy();
            Iterator<Map.Entry<String, JsonNode>> fields = config.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                out.set(field.getKey(), merge(live.get(field.getKey()), field.getValue(), schema.field(field.getKey()), lists));
            }
            return out;
        }
        if (live.isArray() && config.isArray() && Items.granular(config, schema)) {
            ApplySchema items = schema.elements();
            return lists.merge((ArrayNode) live, (ArrayNode) config, schema, (l, c) -> merge(l, c, items, lists));
        }
        return config.deepCopy(); // a scalar or an atomic list: the configuration's value wins
    }

    // tag::merge-keyed-list[]
    /**
     * Sets and associative lists, ordered as structured-merge-diff v4.2 (Kubernetes 1.26) orders them:
     * the items the configuration names come in the configuration's order, new ones where it puts them,
     * and live-only items keep their place among them. An item in both lists is merged.
     */
    static ArrayNode mergeItems(ArrayNode live, ArrayNode config, ApplySchema schema, BinaryOperator<JsonNode> mergeItem) {
        List<PathElement> liveOrder = new ArrayList<>();
        Map<PathElement, Integer> liveAt = new HashMap<>(); // each key's first place in the live list
        for (int i = 0; i < live.size(); i++) {
            liveOrder.add(schema.itemElement(live.get(i), i));
            liveAt.putIfAbsent(liveOrder.get(i), i);
        }
        Map<PathElement, JsonNode> wanted = Items.byElement(config, schema);
        List<PathElement> configOrder = new ArrayList<>(wanted.keySet());
        Deque<PathElement> shared = new ArrayDeque<>(); // named by both, in the configuration's order
        configOrder.stream().filter(liveAt::containsKey).forEach(shared::add);

        ArrayNode out = F.arrayNode();
        int l = 0;
        int c = 0;
        while (l < live.size() || c < configOrder.size()) {
            if (l < live.size()) {
                PathElement next = liveOrder.get(l);
                // Live only, or a later duplicate of a key: it stays where it was.
                if (!wanted.containsKey(next) || liveAt.get(next) != l) {
                    out.add(live.get(l).deepCopy());
                    l++;
                    continue;
                }
                if (!next.equals(shared.peek())) {
                    l++;                             // the configuration places this one
                    continue;
                }
            }
            PathElement element = configOrder.get(c++); // new items, up to the next shared one
            Integer at = liveAt.get(element);
            out.add(at == null ? wanted.get(element).deepCopy() : mergeItem.apply(live.get(at), wanted.get(element)));
            if (element.equals(shared.peek())) {
                shared.poll();
            }
        }
        return out;
    }
    // end::merge-keyed-list[]
}
