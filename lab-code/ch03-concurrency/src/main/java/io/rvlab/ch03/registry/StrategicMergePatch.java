package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch03.wire.openapi.Definitions;
import io.rvlab.ch03.wire.openapi.Schema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Strategic merge patch ({@code application/strategic-merge-patch+json}, what {@code kubectl
 * patch} sends by default): a merge patch that knows the kind's schema. Objects merge and {@code
 * null} deletes, as in a merge patch; lists are replaced, except the lists the schema declares
 * mergeable: lists of objects merge item by item on their merge key (a Deployment's containers by
 * {@code name}, their env by {@code name}, their ports by {@code containerPort}), lists of scalars
 * such as finalizers merge as sets.
 *
 * <p>Directives: {@code "$patch": "replace"} or {@code "delete"} in an object (or, in a merged list,
 * an item {@code {"name": "x", "$patch": "delete"}} and an item {@code {"$patch": "replace"}}),
 * {@code $retainKeys}, {@code $deleteFromPrimitiveList/<field>} and {@code $setElementOrder/<field>}.
 */
public final class StrategicMergePatch implements Patch {

    private static final String PATCH = "$patch";
    private static final String RETAIN_KEYS = "$retainKeys";
    private static final String DELETE_FROM_PRIMITIVE_LIST = "$deleteFromPrimitiveList/";
    private static final String SET_ELEMENT_ORDER = "$setElementOrder/";

    private final ObjectNode patch;
    private final Schema kind;

    private StrategicMergePatch(ObjectNode patch, Schema kind) {
        this.patch = patch;
        this.kind = kind;
    }

    /** Reads the body: it must be a JSON object (400 otherwise, in Go's words). */
    public static StrategicMergePatch parse(byte[] body, Schema kind) {
        JsonNode patch = PatchBodies.parse(body, "");
        if (!patch.isObject()) {
            throw Status.badRequest("json: cannot unmarshal " + PatchBodies.jsonType(patch)
                    + " into Go value of type map[string]interface {}").exception();
        }
        return new StrategicMergePatch((ObjectNode) patch, kind);
    }

    @Override
    public JsonNode apply(ObjectNode current) {
        JsonNode result = mergeObject(current, patch, kind);
        return result == null ? JsonNodeFactory.instance.objectNode() : result;
    }

    @Override
    public String invalidValue(JsonNode patched) {
        return PatchBodies.goValue(patch);
    }

    // tag::merge-object[]
    /** Merges {@code patch} into {@code original} (either may be null); null means "delete the field". */
    private static ObjectNode mergeObject(JsonNode original, ObjectNode patch, Schema declared) {
        Schema schema = Definitions.resolve(declared);
        String directive = patch.path(PATCH).asText("merge");
        switch (directive) {
            case "replace" -> {
                ObjectNode replacement = patch.deepCopy();
                replacement.remove(PATCH);
                return replacement;
            }
            case "delete" -> {
                return null;
            }
            case "merge" -> { }
            default -> throw badRequest("unknown patch type: " + directive + " in map: " + PatchBodies.goValue(patch));
        }
        ObjectNode result = original instanceof ObjectNode object ? object.deepCopy()
                : JsonNodeFactory.instance.objectNode();
        Map<String, JsonNode> orders = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = patch.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String key = entry.getKey();
            JsonNode value = entry.getValue();
            if (key.equals(PATCH) || key.equals(RETAIN_KEYS)) {
                continue;
            }
            if (key.startsWith(SET_ELEMENT_ORDER)) {
                orders.put(key.substring(SET_ELEMENT_ORDER.length()), value);
            } else if (key.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
                deleteFromPrimitiveList(result, key.substring(DELETE_FROM_PRIMITIVE_LIST.length()), value);
            } else if (value.isNull()) {
                result.remove(key);
            } else if (value.isObject()) {
                ObjectNode merged = mergeObject(result.get(key), (ObjectNode) value, fieldSchema(schema, key));
                if (merged == null) {
                    result.remove(key);
                } else {
                    result.set(key, merged);
                }
            } else if (value.isArray()) {
                result.set(key, mergeList(result.get(key), (ArrayNode) value, Definitions.resolve(fieldSchema(schema, key))));
            } else {
                result.set(key, value.deepCopy());
            }
        }
        orders.forEach((key, order) -> setElementOrder(result, key, order, Definitions.resolve(fieldSchema(schema, key))));
        if (patch.has(RETAIN_KEYS)) {
            retainKeys(result, patch);
        }
        return result;
    }
    // end::merge-object[]

    // tag::merge-list[]
    /** A list: merged by key, merged as a set, or replaced, as the schema says. */
    private static ArrayNode mergeList(JsonNode original, ArrayNode patch, Schema list) {
        String mergeKey = list == null || list.type() != Schema.Type.LIST ? null : list.mergeKey();
        if (mergeKey == null) {
            if (list != null && list.type() == Schema.Type.LIST && list.mergesPrimitives()) {
                ArrayNode result = original instanceof ArrayNode array ? array.deepCopy() : JsonNodeFactory.instance.arrayNode();
                patch.forEach(item -> {
                    if (!contains(result, item)) {
                        result.add(item.deepCopy());
                    }
                });
                return result;
            }
            return patch.deepCopy(); // not a merging list: the patch's list replaces the old one
        }
        for (JsonNode item : patch) {
            if (item.isObject() && item.path(PATCH).asText("").equals("replace")) {
                ArrayNode replacement = JsonNodeFactory.instance.arrayNode();
                patch.forEach(other -> {
                    if (other != item) {
                        replacement.add(other.deepCopy());
                    }
                });
                return replacement;
            }
        }
        ArrayNode result = original instanceof ArrayNode array ? array.deepCopy() : JsonNodeFactory.instance.arrayNode();
        for (JsonNode item : patch) {
            if (!item.isObject() || !item.hasNonNull(mergeKey)) {
                throw badRequest("map: " + PatchBodies.goValue(item) + " does not contain declared merge key: " + mergeKey);
            }
            int index = indexOf(result, mergeKey, item.get(mergeKey));
            if (item.path(PATCH).asText("").equals("delete")) {
                while (index >= 0) {
                    result.remove(index);
                    index = indexOf(result, mergeKey, item.get(mergeKey));
                }
                continue;
            }
            ObjectNode merged = mergeObject(index >= 0 ? result.get(index) : null, (ObjectNode) item, list.elements());
            if (merged == null) {
                continue;
            }
            if (index >= 0) {
                result.set(index, merged);
            } else {
                result.add(merged);
            }
        }
        return result;
    }
    // end::merge-list[]

    /**
     * {@code $setElementOrder/<field>}: the items the order names take the places those items
     * already have, in the given order; items the order does not name stay where they are.
     */
    private static void setElementOrder(ObjectNode result, String field, JsonNode order, Schema list) {
        if (!(result.get(field) instanceof ArrayNode items) || !order.isArray()) {
            return;
        }
        String mergeKey = list == null ? null : list.mergeKey();
        List<Integer> slots = new ArrayList<>();
        List<JsonNode> ordered = new ArrayList<>();
        for (JsonNode wanted : order) {
            JsonNode key = mergeKey == null ? wanted : wanted.get(mergeKey);
            for (int i = 0; i < items.size(); i++) {
                JsonNode item = items.get(i);
                JsonNode itemKey = mergeKey == null ? item : item.get(mergeKey);
                if (key != null && itemKey != null && JsonPatch.equal(key, itemKey) && !slots.contains(i)) {
                    slots.add(i);
                    ordered.add(item);
                    break;
                }
            }
        }
        List<Integer> sortedSlots = new ArrayList<>(slots);
        sortedSlots.sort(Integer::compare);
        for (int i = 0; i < sortedSlots.size(); i++) {
            items.set(sortedSlots.get(i), ordered.get(i));
        }
    }

    private static void deleteFromPrimitiveList(ObjectNode result, String field, JsonNode values) {
        if (!values.isArray()) {
            throw badRequest("invalid patch: " + DELETE_FROM_PRIMITIVE_LIST + field + " must be a list");
        }
        if (result.get(field) instanceof ArrayNode items) {
            for (int i = items.size() - 1; i >= 0; i--) {
                if (contains((ArrayNode) values, items.get(i))) {
                    items.remove(i);
                }
            }
        }
    }

    /** {@code $retainKeys}: fields not in the list are cleared; the patch may set only listed fields. */
    private static void retainKeys(ObjectNode result, ObjectNode patch) {
        JsonNode keys = patch.get(RETAIN_KEYS);
        if (!keys.isArray()) {
            throw badRequest("invalid patch: $retainKeys must be a list of field names");
        }
        Set<String> retained = new HashSet<>();
        keys.forEach(key -> retained.add(key.asText()));
        patch.fieldNames().forEachRemaining(key -> {
            if (!key.startsWith("$") && !retained.contains(key)) {
                throw Status.failure(422, "Invalid", "the server rejected our request due to an error in our request",
                        Status.Details.EMPTY).exception(); // apimachinery's ErrPatchContentNotMatchRetainKeys
            }
        });
        result.retain(retained);
    }

    private static Schema fieldSchema(Schema schema, String key) {
        if (schema == null) {
            return null;
        }
        return switch (schema.type()) {
            case STRUCT -> schema.fields().get(key);
            case MAP -> schema.elements();
            default -> null; // a part this server does not describe: plain merge, lists replace
        };
    }

    private static int indexOf(ArrayNode items, String mergeKey, JsonNode key) {
        for (int i = 0; i < items.size(); i++) {
            JsonNode itemKey = items.get(i).get(mergeKey);
            if (itemKey != null && JsonPatch.equal(itemKey, key)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean contains(ArrayNode items, JsonNode value) {
        for (JsonNode item : items) {
            if (JsonPatch.equal(item, value)) {
                return true;
            }
        }
        return false;
    }

    /** Kubernetes answers these with the strategic merge patch error's text (some as a 500; here always 400). */
    private static RuntimeException badRequest(String message) {
        return Status.badRequest(message).exception();
    }
}
