package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch03.registry.JsonPatch;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import io.rvlab.ch06.structured.ApplySchema;
import io.rvlab.ch06.structured.ListType;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Exercise 6.2, a reference answer: the conflicts of an apply without force. What the apply would add or
 * change is found by walking the configuration down the live object, as structured-merge-diff's merge and
 * compare would between the live object and the merged one: only what the configuration mentions can change.
 */
public final class ConflictFinder {

    private ConflictFinder() {
    }

    public static Map<String, FieldSet> conflicts(JsonNode live, JsonNode config, String applier,
                                                  Map<String, FieldSet> owners, ApplySchema schema) {
        FieldSet changed = below(live, config, schema);
        Map<String, FieldSet> conflicts = new TreeMap<>();
        owners.forEach((manager, owned) -> {
            if (manager.equals(applier)) {
                return;
            }
            FieldSet contested = owned.intersection(changed);
            if (!contested.isEmpty()) {
                conflicts.put(manager, contested);
            }
        });
        return conflicts;
    }

    /** The paths below a struct, map, set or associative list that merging {@code config} into {@code live} adds or modifies. */
    private static FieldSet below(JsonNode live, JsonNode config, ApplySchema schema) {
        FieldSet changed = FieldSet.empty();
        if (config.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = config.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                String name = field.getKey();
                changed = changed.union(node(new PathElement.Field(name), live.get(name), field.getValue(), schema.field(name)));
            }
        } else {
            // Items are matched by their name (k: or v:), never by position: a reordered list changes no item.
            Map<PathElement, JsonNode> liveItems = items(live, schema);
            Set<PathElement> twice = twice(live, schema);
            for (Map.Entry<PathElement, JsonNode> item : items(config, schema).entrySet()) {
                // An item the live list holds twice is replaced by the configuration's, merged with neither copy:
                // all of it is new (structured-merge-diff v4.4, typed/merge.go and typed/compare.go on duplicates).
                JsonNode liveItem = twice.contains(item.getKey()) ? null : liveItems.get(item.getKey());
                changed = changed.union(node(item.getKey(), liveItem, item.getValue(), schema.elements()));
            }
        }
        return changed;
    }

    private static FieldSet node(PathElement element, JsonNode live, JsonNode config, ApplySchema schema) {
        if (!present(config, schema)) {
            return FieldSet.empty(); // a null struct, map or list takes away; it adds or changes nothing
        }
        if (!present(live, schema)) {
            return everything(element, config, schema);
        }
        if (granular(live, schema) && granular(config, schema) && live.isObject() == config.isObject()) {
            return FieldSet.under(element, below(live, config, schema)); // the node itself is not modified
        }
        // A scalar or an atomic list is one value: equal (1 == 1.0) means shared, not contested.
        return JsonPatch.equal(live, config) ? FieldSet.empty() : FieldSet.member(element);
    }

    /** An added node: itself (unless it is a set or associative list, which is never a path) and all below it. */
    private static FieldSet everything(PathElement element, JsonNode value, ApplySchema schema) {
        if (!granular(value, schema)) {
            return FieldSet.member(element);
        }
        FieldSet self = value.isArray() ? FieldSet.empty() : FieldSet.member(element);
        FieldSet below = FieldSet.empty();
        if (value.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                ApplySchema child = schema.field(field.getKey());
                if (present(field.getValue(), child)) {
                    below = below.union(everything(new PathElement.Field(field.getKey()), field.getValue(), child));
                }
            }
        } else {
            for (Map.Entry<PathElement, JsonNode> item : items(value, schema).entrySet()) {
                below = below.union(everything(item.getKey(), item.getValue(), schema.elements()));
            }
        }
        return self.union(FieldSet.under(element, below));
    }

    /** Whether a value merges below its own node: a struct (not atomic), a map, a set or an associative list. */
    private static boolean granular(JsonNode value, ApplySchema schema) {
        if (value == null || value.isNull()) {
            return false;
        }
        ApplySchema.Kind kind = schema.kind();
        if (value.isObject()) {
            return kind == ApplySchema.Kind.MAP || kind == ApplySchema.Kind.DEDUCED
                    || (kind == ApplySchema.Kind.STRUCT && !schema.atomic());
        }
        return value.isArray() && schema.listType() != ListType.ATOMIC;
    }

    /** A null struct, map or merging list is absent; a null scalar is a value. */
    private static boolean present(JsonNode value, ApplySchema schema) {
        if (value == null || value.isMissingNode()) {
            return false;
        }
        if (!value.isNull()) {
            return true;
        }
        ApplySchema.Kind kind = schema.kind();
        return !(kind == ApplySchema.Kind.STRUCT || kind == ApplySchema.Kind.MAP
                || (kind == ApplySchema.Kind.LIST && schema.listType() != ListType.ATOMIC));
    }

    /** The names a list holds more than once. */
    private static Set<PathElement> twice(JsonNode list, ApplySchema schema) {
        Set<PathElement> seen = new HashSet<>();
        Set<PathElement> twice = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            PathElement name = schema.itemElement(list.get(i), i);
            if (!seen.add(name)) {
                twice.add(name);
            }
        }
        return twice;
    }

    /** A list's items by name, in list order; of an item held twice, the first. */
    private static Map<PathElement, JsonNode> items(JsonNode list, ApplySchema schema) {
        Map<PathElement, JsonNode> items = new LinkedHashMap<>();
        for (int i = 0; i < list.size(); i++) {
            items.putIfAbsent(schema.itemElement(list.get(i), i), list.get(i));
        }
        return items;
    }
}
