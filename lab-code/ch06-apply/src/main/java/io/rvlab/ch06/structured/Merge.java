package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.Iterator;
import java.util.Map;

/**
 * A configuration merged into the live object, as structured-merge-diff's {@code Merge}: structs
 * and maps key by key, sets and associative lists item by item (live items keep their place, new
 * ones follow in the configuration's order), and scalars and atomic lists replaced by the
 * configuration's value. What the configuration does not mention is kept.
 */
public final class Merge {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Merge() {
    }

    /** A new object; neither argument is changed. {@code live == null} merges into nothing. */
    public static ObjectNode apply(JsonNode live, JsonNode config, ApplySchema schema) {
        JsonNode merged = merge(live == null ? F.objectNode() : live, config, schema);
        if (!merged.isObject()) {
            throw new IllegalArgumentException("an object can only be merged with an object");
        }
        return (ObjectNode) merged;
    }

    private static JsonNode merge(JsonNode live, JsonNode config, ApplySchema schema) {
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
                out.set(field.getKey(), merge(live.get(field.getKey()), field.getValue(), schema.field(field.getKey())));
            }
            return out;
        }
        if (live.isArray() && config.isArray() && Items.granular(config, schema)) {
            return mergeItems(live, config, schema);
        }
        return config.deepCopy(); // a scalar or an atomic list: the configuration's value wins
    }

    // tag::merge-keyed-list[]
    /** Sets and associative lists: matching items merge; live order first, then the new items. */
    private static ArrayNode mergeItems(JsonNode live, JsonNode config, ApplySchema schema) {
        Map<PathElement, JsonNode> wanted = Items.byElement(config, schema);
        ArrayNode out = F.arrayNode();
        java.util.Set<PathElement> seen = new java.util.HashSet<>();
        for (int i = 0; i < live.size(); i++) {
            JsonNode item = live.get(i);
            PathElement element = schema.itemElement(item, i);
            JsonNode update = seen.add(element) ? wanted.get(element) : null;
            out.add(update == null ? item.deepCopy() : merge(item, update, schema.elements()));
        }
        wanted.forEach((element, item) -> {
            if (!seen.contains(element)) {
                out.add(item.deepCopy());
            }
        });
        return out;
    }
    // end::merge-keyed-list[]
}
