package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Every item of a set or an associative list in a configuration can be named, and is named once, as
 * structured-merge-diff's typed conversion checks: two containers called {@code nginx} in one apply
 * would leave no way to say which one a manager owns. Its errors start with the list's path, as
 * kube-apiserver's do.
 */
public final class UniqueItems {

    private UniqueItems() {
    }

    /**
     * @throws IllegalArgumentException ".spec.template.spec.containers: duplicate entries for key [name="x"]",
     *     or ".spec.template.spec.containers: element 0: associative list with keys has an element that omits
     *     key field "name" (and doesn't have default value)"
     */
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
            PathElement element;
            try {
                element = schema.itemElement(value.get(i), i);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(path + ": " + e.getMessage(), e);
            }
            if (!seen.add(element)) {
                throw new IllegalArgumentException(path + ": duplicate entries for key " + element);
            }
            check(value.get(i), schema.elements(), path.child(element));
        }
    }
}
