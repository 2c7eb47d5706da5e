package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON merge patch (RFC 7386, {@code application/merge-patch+json}): objects merge key by key,
 * {@code null} removes a key, anything else (arrays included) replaces.
 */
public final class MergePatch {

    private MergePatch() {
    }

    // tag::merge-patch[]
    public static JsonNode apply(JsonNode target, JsonNode patch) {
        if (!patch.isObject()) {
            return patch.deepCopy();
        }
        ObjectNode result = target != null && target.isObject() ? (ObjectNode) target.deepCopy()
                : ((ObjectNode) patch).objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> fields = patch.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (field.getValue().isNull()) {
                result.remove(field.getKey());
            } else {
                result.set(field.getKey(), apply(result.get(field.getKey()), field.getValue()));
            }
        }
        return result;
    }
    // end::merge-patch[]
}
