package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What changed between two versions of an object, as structured-merge-diff's {@code Compare}:
 * a node present only in the new object is ADDED, with every node below it, maps and list items
 * included (which is why a POST owns {@code .data} itself, {@code "."} in FieldsV1); a node present
 * only in the old one is REMOVED, with everything below it; a scalar or atomic list whose value
 * differs is MODIFIED. Structs, maps, sets and associative lists present in both are compared
 * item by item and are not themselves modified.
 */
public record Comparison(FieldSet added, FieldSet modified, FieldSet removed) {

    private static final Comparison NONE = new Comparison(FieldSet.empty(), FieldSet.empty(), FieldSet.empty());

    // tag::compare[]
    /** {@code null} compares as {@code {}}; a create compares against {@link ApplySchema#emptyObject()}. */
    public static Comparison of(JsonNode oldObject, JsonNode newObject, ApplySchema schema) {
        JsonNode before = oldObject == null ? JsonNodeFactory.instance.objectNode() : oldObject;
        JsonNode after = newObject == null ? JsonNodeFactory.instance.objectNode() : newObject;
        if (Items.granular(before, schema) && Items.granular(after, schema) && before.isObject() == after.isObject()) {
            return children(before, after, schema);
        }
        return NONE; // the root itself is never a path
    }

    /** added ∪ modified: what an update takes from other managers (and what an apply may conflict on). */
    public FieldSet changed() {
        return added.union(modified);
    }

    public boolean isSame() {
        return added.isEmpty() && modified.isEmpty() && removed.isEmpty();
    }

    private static Comparison children(JsonNode before, JsonNode after, ApplySchema schema) {
        Comparison result = NONE;
        if (before.isObject()) {
            Set<String> names = new LinkedHashSet<>();
            before.fieldNames().forEachRemaining(names::add);
            after.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                result = result.union(node(new PathElement.Field(name), before.get(name), after.get(name),
                        schema.field(name)));
            }
        } else {
            Map<PathElement, JsonNode> old = Items.byElement(before, schema);
            Map<PathElement, JsonNode> now = Items.byElement(after, schema);
            Set<PathElement> elements = new LinkedHashSet<>(old.keySet());
            elements.addAll(now.keySet());
            for (PathElement element : elements) {
                result = result.union(node(element, old.get(element), now.get(element), schema.elements()));
            }
        }
        return result;
    }

    private static Comparison node(PathElement element, JsonNode before, JsonNode after, ApplySchema schema) {
        boolean was = present(before, schema);
        boolean is = present(after, schema);
        if (!was && !is) {
            return NONE;
        }
        if (!was) {
            return new Comparison(everything(element, after, schema), FieldSet.empty(), FieldSet.empty());
        }
        if (!is) {
            return new Comparison(FieldSet.empty(), FieldSet.empty(), everything(element, before, schema));
        }
        if (Items.granular(before, schema) && Items.granular(after, schema) && before.isObject() == after.isObject()) {
            Comparison below = children(before, after, schema);
            return new Comparison(FieldSet.under(element, below.added), FieldSet.under(element, below.modified),
                    FieldSet.under(element, below.removed));
        }
        return Items.same(before, after) ? NONE
                : new Comparison(FieldSet.empty(), FieldSet.member(element), FieldSet.empty());
    }
    // end::compare[]

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

    /**
     * The node and every node below it: structs, maps and list items included, but not a set or
     * associative list itself (SMD records its items, not the list: golden h1's
     * {@code "f:containers":{"k:{...}":{".":{},...}}} has no {@code "."}).
     */
    private static FieldSet everything(PathElement element, JsonNode value, ApplySchema schema) {
        if (!Items.granular(value, schema)) {
            return FieldSet.member(element);
        }
        FieldSet set = value.isArray() ? FieldSet.empty() : FieldSet.member(element);
        FieldSet below = FieldSet.empty();
        if (value.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (present(field.getValue(), schema.field(field.getKey()))) {
                    below = below.union(everything(new PathElement.Field(field.getKey()), field.getValue(),
                            schema.field(field.getKey())));
                }
            }
        } else {
            for (Map.Entry<PathElement, JsonNode> item : Items.byElement(value, schema).entrySet()) {
                below = below.union(everything(item.getKey(), item.getValue(), schema.elements()));
            }
        }
        return set.union(FieldSet.under(element, below));
    }

    private Comparison union(Comparison other) {
        if (other == NONE) {
            return this;
        }
        return new Comparison(added.union(other.added), modified.union(other.modified), removed.union(other.removed));
    }
}
