package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Exercise 6.1, a reference answer: the FieldsV1 encoding of a field set, and back. */
public final class FieldsV1Encoding {

    private FieldsV1Encoding() {
    }

    /** One node of the tree: whether its path is in the set, and its children in PathElement order. */
    private static final class Node {
        boolean member;
        final Map<PathElement, Node> children = new TreeMap<>();
    }

    public static ObjectNode encode(FieldSet set) {
        Node root = new Node();
        for (FieldPath path : set.paths()) {
            Node node = root;
            for (PathElement element : path.elements()) {
                node = node.children.computeIfAbsent(element, e -> new Node());
            }
            node.member = true;
        }
        return write(root);
    }

    private static ObjectNode write(Node node) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        if (node.member && !node.children.isEmpty()) {
            out.putObject(".");   // the node itself is owned, besides what is under it
        }
        node.children.forEach((element, child) -> out.set(element.encode(), write(child)));
        return out;
    }

    public static FieldSet decode(JsonNode fieldsV1) {
        if (fieldsV1 == null || !fieldsV1.isObject()) {
            throw new IllegalArgumentException("fieldsV1 must be a JSON object, got " + fieldsV1);
        }
        List<FieldPath> paths = new ArrayList<>();
        read(fieldsV1, FieldPath.of(), paths);
        return FieldSet.of(paths);
    }

    private static void read(JsonNode node, FieldPath prefix, List<FieldPath> paths) {
        if (node.isEmpty() && !prefix.isEmpty()) {
            paths.add(prefix);   // a leaf: {}
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String key = entry.getKey();
            if (key.equals(".")) {
                if (!prefix.isEmpty()) {
                    paths.add(prefix);
                }
                continue;
            }
            if (!knownPrefix(key)) {
                continue;   // forward compatibility: a kind of path element this reader does not know
            }
            if (!entry.getValue().isObject()) {
                throw new IllegalArgumentException("fieldsV1: the value of \"" + key + "\" must be an object, got "
                        + entry.getValue());
            }
            read(entry.getValue(), prefix.child(PathElement.decode(key)), paths);
        }
    }

    private static boolean knownPrefix(String key) {
        return key.length() >= 2 && key.charAt(1) == ':' && "fkvi".indexOf(key.charAt(0)) >= 0;
    }
}
