package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.Iterator;
import java.util.Map;

/**
 * The fields a configuration sets, as structured-merge-diff's {@code ToFieldSet}: every scalar and
 * every atomic list is a path; each item of a set or an associative list is a path, with the
 * fields it sets below it; a struct or map is not a path of its own (applying {@code data.color}
 * owns {@code .data.color}, not {@code .data}), so an applier owns what it wrote, not the
 * containers around it.
 */
public final class ToFieldSet {

    private ToFieldSet() {
    }

    // tag::to-field-set[]
    public static FieldSet of(JsonNode object, ApplySchema schema) {
        if (object == null || !Items.granular(object, schema)) {
            return FieldSet.empty();
        }
        return below(object, schema);
    }

    /** The paths strictly below a struct, map, set or associative list. */
    static FieldSet below(JsonNode value, ApplySchema schema) {
        FieldSet set = FieldSet.empty();
        if (value.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                set = set.union(node(new PathElement.Field(field.getKey()), field.getValue(),
                        schema.field(field.getKey()), false));
            }
        } else {
            ApplySchema items = schema.elements();
            for (Map.Entry<PathElement, JsonNode> item : Items.byElement(value, schema).entrySet()) {
                // A set's or associative list's item is owned itself, with what it sets.
                set = set.union(node(item.getKey(), item.getValue(), items, true));
            }
        }
        return set;
    }

    private static FieldSet node(PathElement element, JsonNode value, ApplySchema schema, boolean item) {
        if (!Items.granular(value, schema)) {
            if (value.isNull() && schema.kind() != ApplySchema.Kind.SCALAR
                    && schema.kind() != ApplySchema.Kind.DEDUCED && !(schema.kind() == ApplySchema.Kind.LIST
                    && schema.listType() == ListType.ATOMIC)) {
                return FieldSet.empty(); // a null struct, map or merging list sets nothing
            }
            return FieldSet.member(element); // a scalar or an atomic list: one leaf
        }
        FieldSet children = FieldSet.under(element, below(value, schema));
        return item ? children.union(FieldSet.member(element)) : children;
    }
    // end::to-field-set[]
}
