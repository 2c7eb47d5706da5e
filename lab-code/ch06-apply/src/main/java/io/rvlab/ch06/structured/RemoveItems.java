package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.Iterator;
import java.util.Map;

/**
 * An object without the nodes of a field set, as structured-merge-diff's {@code RemoveItems}: a
 * path in the set removes its node and everything below it; paths below a node are removed inside
 * it. A struct, map or list emptied by the removal disappears (a typed object omits it); atomic
 * lists are never entered.
 */
public final class RemoveItems {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private RemoveItems() {
    }

    public static ObjectNode from(JsonNode object, FieldSet remove, ApplySchema schema) {
        if (object == null) {
            return F.objectNode();
        }
        JsonNode out = remove(object, remove, schema);
        return out.isObject() ? (ObjectNode) out : F.objectNode();
    }

    private static JsonNode remove(JsonNode value, FieldSet remove, ApplySchema schema) {
        if (remove.isEmpty() || !Items.granular(value, schema)) {
            return value.deepCopy();
        }
        if (value.isObject()) {
            ObjectNode out = F.objectNode();
            Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                PathElement element = new PathElement.Field(field.getKey());
                keep(element, field.getValue(), remove, schema.field(field.getKey()),
                        kept -> out.set(field.getKey(), kept));
            }
            return out;
        }
        ArrayNode out = F.arrayNode();
        for (int i = 0; i < value.size(); i++) {
            keep(schema.itemElement(value.get(i), i), value.get(i), remove, schema.elements(), out::add);
        }
        return out;
    }

    private static void keep(PathElement element, JsonNode child, FieldSet remove, ApplySchema schema,
                             java.util.function.Consumer<JsonNode> out) {
        if (remove.members().contains(element)) {
            return;
        }
        FieldSet below = remove.withPrefix(element);
        if (below.isEmpty()) {
            out.accept(child.deepCopy());
            return;
        }
        JsonNode kept = remove(child, below, schema);
        if (kept.isContainerNode() && kept.isEmpty() && !child.isEmpty()) {
            return; // emptied by the removal: gone, as a typed object omits an empty field
        }
        out.accept(kept);
    }
}
