package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;

/** Exercise 6.4, a reference answer: what an apply removes, and removing it. */
public final class FieldsToRemove {

    private FieldsToRemove() {
    }

    public static FieldSet toRemove(FieldSet previous, FieldSet applied, Collection<FieldSet> others) {
        FieldSet owned = FieldSet.empty();
        for (FieldSet set : others) {
            owned = owned.union(set);
        }
        // Dropped by the applier, and nobody else's: exact paths, as structured-merge-diff compares them.
        return previous.difference(applied).difference(owned);
    }

    public static ObjectNode remove(JsonNode object, FieldSet paths) {
        ObjectNode out = (ObjectNode) object.deepCopy();
        for (FieldPath path : paths.paths()) {
            List<PathElement> elements = path.elements();
            JsonNode parent = out;
            for (int i = 0; i < elements.size() - 1 && parent != null; i++) {
                parent = step(parent, elements.get(i));
            }
            if (parent != null && !elements.isEmpty()) {
                removeChild(parent, elements.get(elements.size() - 1));
            }
        }
        return out;
    }

    /** The child of {@code node} at {@code element}, or null when there is none. */
    private static JsonNode step(JsonNode node, PathElement element) {
        if (element instanceof PathElement.Field f) {
            return node.isObject() ? node.get(f.name()) : null;
        }
        if (node.isArray()) {
            for (JsonNode item : node) {
                if (matches(item, element)) {
                    return item;
                }
            }
        }
        return null;
    }

    private static void removeChild(JsonNode parent, PathElement element) {
        if (element instanceof PathElement.Field f) {
            if (parent instanceof ObjectNode o) {
                o.remove(f.name());
            }
        } else if (parent instanceof ArrayNode list) {
            for (int i = list.size() - 1; i >= 0; i--) {
                if (matches(list.get(i), element)) {
                    list.remove(i);
                }
            }
        }
    }

    private static boolean matches(JsonNode item, PathElement element) {
        // Compare path elements, not raw JSON: a path element holds its values canonically (integers as
        // longs), so 80 read from a list and 80 read from fieldsV1 are the same key.
        if (element instanceof PathElement.Key k) {
            if (!item.isObject()) {
                return false;
            }
            ObjectNode probe = JsonNodeFactory.instance.objectNode();
            for (Iterator<String> names = k.fields().fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (!item.has(name)) {
                    return false;
                }
                probe.set(name, item.get(name));
            }
            return new PathElement.Key(probe).equals(k);
        }
        if (element instanceof PathElement.Value v) {
            return new PathElement.Value(item).equals(v);
        }
        return false;   // an index names a position of an atomic list, which an apply never removes by itself
    }
}
