package io.rvlab.ch06.fieldpath;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * managedFields' {@code fieldsV1} encoding of a {@link FieldSet}: nested objects whose keys are
 * encoded {@link PathElement}s; {@code "."} marks the node itself as owned next to its children, a
 * leaf is {@code {}}. Example (kube-apiserver after a POST of a ConfigMap):
 * {@code {"f:data":{".":{},"f:k":{}},"f:metadata":{"f:labels":{".":{},"f:app":{}}}}}.
 */
public final class FieldsV1 {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String SELF = ".";

    private FieldsV1() {
    }

    // tag::fieldsv1-encode[]
    /** "." first, then the children sorted in PathElement order, as kube-apiserver writes them. */
    public static ObjectNode encode(FieldSet set) {
        ObjectNode out = F.objectNode();
        set.forEachElement((element, member, children) -> {
            ObjectNode node = children == null ? F.objectNode() : encode(children);
            if (member && children != null) {
                // Owned itself AND has owned children: "." goes first.
                ObjectNode withSelf = F.objectNode();
                withSelf.putObject(SELF);
                withSelf.setAll(node);
                node = withSelf;
            }
            out.set(element.encode(), node);
        });
        return out;
    }
    // end::fieldsv1-encode[]

    /**
     * Reads a fieldsV1 object, in any key order. Keys with a prefix this version does not know are
     * skipped (as structured-merge-diff does, for a future version's elements).
     *
     * @throws IllegalArgumentException for anything that is not a nested object of path elements
     */
    public static FieldSet decode(JsonNode fieldsV1) {
        if (fieldsV1 == null || !fieldsV1.isObject()) {
            throw new IllegalArgumentException("invalid fieldsV1: expected a JSON object, got "
                    + (fieldsV1 == null ? "nothing" : fieldsV1.getNodeType().toString().toLowerCase()));
        }
        return decodeNode(fieldsV1, "");
    }

    private static FieldSet decodeNode(JsonNode node, String where) {
        TreeSet<PathElement> members = new TreeSet<>();
        TreeMap<PathElement, FieldSet> children = new TreeMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> entry = it.next();
            String key = entry.getKey();
            JsonNode value = entry.getValue();
            String here = where + "/" + key;
            if (!value.isObject()) {
                throw new IllegalArgumentException("invalid fieldsV1 at " + here + ": expected a JSON object, got "
                        + value.getNodeType().toString().toLowerCase());
            }
            if (key.equals(SELF)) {
                continue; // handled by the parent: see below
            }
            if (!PathElement.knownPrefix(key)) {
                continue;
            }
            PathElement element;
            try {
                element = PathElement.decode(key);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("invalid fieldsV1 at " + here + ": " + e.getMessage(), e);
            }
            boolean self = value.has(SELF);
            if (value.isEmpty() || self) {
                members.add(element);
            }
            FieldSet below = decodeNode(value, here);
            if (!below.isEmpty()) {
                children.merge(element, below, FieldSet::union);
            }
        }
        return FieldSet.build(members, children);
    }
}
