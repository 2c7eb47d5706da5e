package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch03.registry.JsonPatch;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.LinkedHashMap;
import java.util.Map;

/** Shared helpers of the typed walks: list items by path element, JSON equality, child schemas. */
final class Items {

    private Items() {
    }

    /** A merging list's items by their path element, in list order; a duplicate keeps the first. */
    static Map<PathElement, JsonNode> byElement(JsonNode list, ApplySchema schema) {
        Map<PathElement, JsonNode> items = new LinkedHashMap<>();
        for (int i = 0; i < list.size(); i++) {
            items.putIfAbsent(schema.itemElement(list.get(i), i), list.get(i));
        }
        return items;
    }

    /** Whether a value merges below its own node (struct, map, set or associative list). */
    static boolean granular(JsonNode value, ApplySchema schema) {
        ApplySchema.Kind shape = schema.shapeFor(value);
        if (value == null || value.isNull()) {
            return false;
        }
        if (shape == ApplySchema.Kind.LIST) {
            return value.isArray() && schema.listType() != ListType.ATOMIC;
        }
        return shape == ApplySchema.Kind.STRUCT || shape == ApplySchema.Kind.MAP;
    }

    /** The schema below one path element. */
    static ApplySchema child(ApplySchema schema, PathElement element) {
        return element instanceof PathElement.Field f ? schema.field(f.name()) : schema.elements();
    }

    /** JSON equality where 1 == 1.0 (YAML and stored JSON may read numbers differently): chapter 3's, null-safe. */
    static boolean same(JsonNode a, JsonNode b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        return JsonPatch.equal(a, b);
    }
}
