package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * A configuration names each item of a set or an associative list once, as structured-merge-diff's
 * typed conversion checks: two containers called {@code nginx} in one apply would leave no way to
 * say which one a manager owns.
 */
public final class UniqueItems {

    private UniqueItems() {
    }

    /** @throws IllegalArgumentException ".spec.template.spec.containers: duplicate entries for key [name="x"]" */
    public static void check(JsonNode config, ApplySchema schema) {
        check(config, schema, FieldPath.empty());
    }

    private static void check(JsonNode value, ApplySchema schema, FieldPath path) {
        if (value == null || !Items.granular(value, schema)) {
            return;
        }
        if (value.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                check(field.getValue(), schema.field(field.getKey()), path.child(new PathElement.Field(field.getKey())));
            }
            return;
        }
        Set<PathElement> seen = new HashSet<>();
        for (int i = 0; i < value.size(); i++) {
            PathElement element = schema.itemElement(value.get(i), i);
            if (!seen.add(element)) {
                throw new IllegalArgumentException(path + ": duplicate entries for key " + element);
            }
            check(value.get(i), schema.elements(), path.child(element));
        }
    }
}
