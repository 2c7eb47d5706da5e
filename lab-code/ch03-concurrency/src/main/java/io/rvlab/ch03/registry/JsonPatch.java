package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * JSON patch (RFC 6902, {@code application/json-patch+json}): a list of operations, {@code add},
 * {@code remove}, {@code replace}, {@code move}, {@code copy} and {@code test}, each at a JSON pointer
 * (RFC 6901: {@code /data/a~1b} is the key {@code a/b}, {@code ~0} is {@code ~}). The operations
 * apply in order to a copy of the object; if any fails, none does.
 *
 * <p>As in Kubernetes: a body that is not a list of operations is a 400; an operation that does not
 * apply (a failed {@code test}, a missing path, an unknown op) is a 422 that says no more than
 * "the server rejected our request due to an error in our request" (golden c1.10); more than
 * 10,000 operations is a 413.
 */
public final class JsonPatch implements Patch {

    /** apiserver's maxJSONPatchOperations. */
    public static final int MAX_OPERATIONS = 10_000;

    /** One operation; {@code value} is JSON null when the operation has none. */
    record Operation(String op, String path, String from, JsonNode value) {
    }

    /** Why an operation did not apply; never leaves this class except as the 422. */
    private static final class NotApplicable extends RuntimeException {
        NotApplicable(String message) {
            super(message, null, false, false);
        }
    }

    private final List<Operation> operations;

    private JsonPatch(List<Operation> operations) {
        this.operations = operations;
    }

    // tag::parse[]
    /** Reads the body: a JSON array of objects whose op, path and from are strings. */
    public static JsonPatch parse(byte[] body) {
        String prefix = "error decoding patch: ";
        JsonNode json = PatchBodies.parse(body, prefix);
        if (!json.isArray()) {
            throw decodeError(prefix + "json: cannot unmarshal " + PatchBodies.jsonType(json)
                    + " into Go value of type []handlers.jsonPatchOp");
        }
        List<Operation> operations = new ArrayList<>();
        for (JsonNode item : json) {
            if (!item.isObject() && !item.isNull()) {
                throw decodeError(prefix + "json: cannot unmarshal " + PatchBodies.jsonType(item)
                        + " into Go value of type handlers.jsonPatchOp");
            }
            operations.add(new Operation(text(item, "op"), text(item, "path"), text(item, "from"),
                    item.has("value") ? item.get("value") : NullNode.getInstance()));
        }
        if (operations.size() > MAX_OPERATIONS) {
            throw Status.requestEntityTooLarge("The allowed maximum operations in a JSON patch is " + MAX_OPERATIONS
                    + ", got " + operations.size()).exception();
        }
        return new JsonPatch(operations);
    }
    // end::parse[]

    private static String text(JsonNode operation, String field) {
        JsonNode value = operation.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw decodeError("error decoding patch: json: cannot unmarshal " + PatchBodies.jsonType(value)
                    + " into Go struct field jsonPatchOp." + field + " of type string");
        }
        return value.asText();
    }

    private static RuntimeException decodeError(String message) {
        return Status.badRequest(message).exception();
    }

    // tag::apply[]
    @Override
    public JsonNode apply(ObjectNode current) {
        JsonNode document = current.deepCopy();
        try {
            for (Operation operation : operations) {
                document = apply(document, operation);
            }
        } catch (NotApplicable e) {
            // Kubernetes keeps the reason to itself: the Status has no details (golden c1.10).
            throw Status.failure(422, "Invalid", "the server rejected our request due to an error in our request",
                    Status.Details.EMPTY).exception();
        }
        return document;
    }

    private static JsonNode apply(JsonNode document, Operation operation) {
        if (operation.op() == null) {
            throw new NotApplicable("Unexpected kind: unknown");
        }
        if (operation.path() == null) {
            throw new NotApplicable("operation missing path field");
        }
        List<String> path = pointer(operation.path());
        switch (operation.op()) {
            case "add" -> add(document, path, operation.value().deepCopy());
            case "remove" -> remove(document, path);
            case "replace" -> replace(document, path, operation.value().deepCopy());
            case "move" -> {
                List<String> from = pointer(required(operation.from()));
                JsonNode value = get(document, from);
                remove(document, from);
                add(document, path, value);
            }
            case "copy" -> add(document, path, get(document, pointer(required(operation.from()))).deepCopy());
            case "test" -> {
                JsonNode actual = find(document, path);
                boolean same = actual == null ? operation.value().isNull() : equal(actual, operation.value());
                if (!same) {
                    throw new NotApplicable("testing value " + operation.path() + " failed");
                }
            }
            default -> throw new NotApplicable("Unexpected kind: " + operation.op());
        }
        return document;
    }
    // end::apply[]

    private static String required(String from) {
        if (from == null) {
            throw new NotApplicable("operation missing from field");
        }
        return from;
    }

    /** A JSON pointer's reference tokens, unescaped: ~1 is '/', then ~0 is '~'. The whole document ("") is not a target here. */
    static List<String> pointer(String pointer) {
        if (!pointer.startsWith("/")) {
            throw new NotApplicable("invalid JSON pointer " + pointer);
        }
        List<String> tokens = new ArrayList<>();
        for (String raw : pointer.substring(1).split("/", -1)) {
            tokens.add(raw.replace("~1", "/").replace("~0", "~"));
        }
        return tokens;
    }

    private static JsonNode parent(JsonNode document, List<String> path) {
        JsonNode parent = find(document, path.subList(0, path.size() - 1));
        if (parent == null || !parent.isContainerNode()) {
            throw new NotApplicable("missing parent of " + path);
        }
        return parent;
    }

    private static void add(JsonNode document, List<String> path, JsonNode value) {
        JsonNode parent = parent(document, path);
        String key = path.get(path.size() - 1);
        if (parent instanceof ObjectNode object) {
            object.set(key, value);
            return;
        }
        ArrayNode array = (ArrayNode) parent;
        int index = key.equals("-") ? array.size() : index(key, array.size(), true);
        array.insert(index, value);
    }

    /** Replaces a value that must exist, in place (an object keeps its key order). */
    private static void replace(JsonNode document, List<String> path, JsonNode value) {
        JsonNode parent = parent(document, path);
        String key = path.get(path.size() - 1);
        if (parent instanceof ObjectNode object) {
            if (!object.has(key)) {
                throw new NotApplicable("replace of a missing key " + key);
            }
            object.set(key, value);
            return;
        }
        ArrayNode array = (ArrayNode) parent;
        array.set(index(key, array.size(), false), value);
    }

    private static void remove(JsonNode document, List<String> path) {
        JsonNode parent = parent(document, path);
        String key = path.get(path.size() - 1);
        if (parent instanceof ObjectNode object) {
            if (!object.has(key)) {
                throw new NotApplicable("remove of a missing key " + key);
            }
            object.remove(key);
            return;
        }
        ArrayNode array = (ArrayNode) parent;
        array.remove(index(key, array.size(), false));
    }

    private static JsonNode get(JsonNode document, List<String> path) {
        JsonNode value = find(document, path);
        if (value == null) {
            throw new NotApplicable("missing value at " + path);
        }
        return value;
    }

    /** The value at a path, or null if there is none. */
    private static JsonNode find(JsonNode document, List<String> path) {
        JsonNode node = document;
        for (String token : path) {
            if (node instanceof ObjectNode object) {
                node = object.get(token);
            } else if (node instanceof ArrayNode array) {
                int index;
                try {
                    index = index(token, array.size(), false);
                } catch (NotApplicable e) {
                    return null;
                }
                node = array.get(index);
            } else {
                return null;
            }
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    /**
     * An array index: below {@code size}, or up to it where an element may be added; a negative one
     * counts from the end (evanphx/json-patch, which Kubernetes uses, allows that).
     */
    private static int index(String token, int size, boolean forAdd) {
        int index;
        try {
            index = Integer.parseInt(token);
        } catch (NumberFormatException e) {
            throw new NotApplicable("invalid array index " + token);
        }
        if (index < 0) {
            index += size;
        }
        if (index < 0 || index > size || (index == size && !forAdd)) {
            throw new NotApplicable("array index out of bounds " + token);
        }
        return index;
    }

    /**
     * JSON equality, as the {@code test} operation compares (RFC 6902, 4.6): numbers by value (1 equals
     * 1.0), objects regardless of key order. Chapter 6's apply compares values with it too.
     */
    public static boolean equal(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                JsonNode other = b.get(field.getKey());
                if (other == null || !equal(field.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!equal(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    @Override
    public String invalidValue(JsonNode patched) {
        return PatchBodies.sortedJson(patched);
    }
}
