package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.ArrayList;
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
            // holders.get(i) is the node in which elements.get(i) names a child.
            List<JsonNode> holders = new ArrayList<>();
            JsonNode node = out;
            for (PathElement element : elements) {
                if (node == null) {
                    break;
                }
                holders.add(node);
                node = step(node, element);
            }
            int last = elements.size() - 1;
            if (elements.isEmpty() || holders.size() != elements.size() || !removeChild(holders.get(last), elements.get(last))) {
                continue;   // not in the object: nothing removed, so nothing emptied
            }
            // A map or struct this removal emptied goes too, and so on upwards: a typed object omits an empty field
            // (structured-merge-diff's RemoveItems, with struct fields as members, leaves no empty node behind). An item
            // of a keyed list is not emptied from below: its own path, which owning anything in it implies, removes it.
            for (int i = last; i > 0 && holders.get(i).isEmpty(); i--) {
                removeNode(holders.get(i - 1), holders.get(i));
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

    /** Removes the child of {@code parent} at {@code element}; true when there was one. */
    private static boolean removeChild(JsonNode parent, PathElement element) {
        boolean removed = false;
        if (element instanceof PathElement.Field f) {
            if (parent instanceof ObjectNode o) {
                removed = o.remove(f.name()) != null;
            }
        } else if (parent instanceof ArrayNode list) {
            for (int i = list.size() - 1; i >= 0; i--) {
                if (matches(list.get(i), element)) {
                    list.remove(i);
                    removed = true;
                }
            }
        }
        return removed;
    }

    /** Removes {@code child} itself (this very node) from {@code parent}, when it is one of its fields. */
    private static void removeNode(JsonNode parent, JsonNode child) {
        if (parent instanceof ObjectNode o) {
            o.properties().removeIf(field -> field.getValue() == child);
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
