package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON merge patch (RFC 7386, {@code application/merge-patch+json}): objects merge key by key,
 * {@code null} removes a key, anything else (arrays included) replaces.
 */
public final class MergePatch implements Patch {

    private final JsonNode patch;

    private MergePatch(JsonNode patch) {
        this.patch = patch;
    }

    /**
     * Reads a merge patch body. Kubernetes decodes it into a map first, so it must be a JSON
     * object: anything else is a 400 ({@code error decoding patch: json: cannot unmarshal array into
     * Go value of type map[string]interface {}}).
     */
    public static MergePatch parse(byte[] body) {
        JsonNode patch = PatchBodies.parse(body, "error decoding patch: ");
        if (!patch.isObject()) {
            throw Status.badRequest("error decoding patch: json: cannot unmarshal " + PatchBodies.jsonType(patch)
                    + " into Go value of type map[string]interface {}").exception();
        }
        return new MergePatch(patch);
    }

    @Override
    public JsonNode apply(ObjectNode current) {
        return apply(current, patch);
    }

    @Override
    public String invalidValue(JsonNode patched) {
        return PatchBodies.sortedJson(patched);
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
