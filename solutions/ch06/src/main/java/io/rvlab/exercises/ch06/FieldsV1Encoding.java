package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch06.fieldpath.PathElement;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Exercise 6.1, a reference answer: the FieldsV1 encoding of a field set, and back, path elements included.
 *
 * <p>A key is read as structured-merge-diff reads it (fieldpath/serialize-pe.go, DeserializePathElement): a
 * key shorter than two characters or without the colon after its kind is malformed and refuses the whole
 * fieldsV1, with the very errors kube-apiserver gives ("key must be 2 characters long", "missing colon: KEY");
 * a well-formed key of a kind this reader does not know is skipped (serialize.go: ErrUnknownPathElementType),
 * since a newer server may write one.
 */
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
        node.children.forEach((element, child) -> out.set(key(element), write(child)));
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
            PathElement element = element(key);
            if (element == null) {
                continue;   // forward compatibility: a kind of path element this reader does not know
            }
            if (!entry.getValue().isObject()) {
                throw new IllegalArgumentException("fieldsV1: the value of \"" + key + "\" must be an object, got "
                        + entry.getValue());
            }
            read(entry.getValue(), prefix.child(element), paths);
        }
    }

    /** The fieldsV1 key of one path element: its kind, a colon, and its name or its JSON as Go writes it. */
    private static String key(PathElement element) {
        if (element instanceof PathElement.Field field) {
            return "f:" + field.name();
        }
        if (element instanceof PathElement.Key key) {
            return "k:" + GoJson.compact(key.fields());   // the record keeps its fields sorted by name
        }
        if (element instanceof PathElement.Value value) {
            return "v:" + GoJson.compact(value.value());
        }
        return "i:" + ((PathElement.Index) element).index();
    }

    /** The path element a fieldsV1 key names, or null for a well-formed key of a kind not known here. */
    private static PathElement element(String key) {
        if (key.length() < 2) {
            throw new IllegalArgumentException("fieldsV1 key " + GoJson.quote(key) + ": key must be 2 characters long");
        }
        if (key.charAt(1) != ':') {
            throw new IllegalArgumentException("missing colon: " + key);
        }
        String rest = key.substring(2);
        try {
            switch (key.charAt(0)) {
                case 'f':
                    return new PathElement.Field(rest);
                case 'k': {
                    JsonNode fields = json(rest);
                    if (!(fields instanceof ObjectNode object) || object.isEmpty()) {
                        throw new IllegalArgumentException("fieldsV1 key " + GoJson.quote(key)
                                + ": the key fields must be a non-empty JSON object");
                    }
                    return new PathElement.Key(object);
                }
                case 'v':
                    return new PathElement.Value(json(rest));
                case 'i':
                    return new PathElement.Index(Integer.parseInt(rest));
                default:
                    return null;
            }
        } catch (IOException | NumberFormatException e) {
            throw new IllegalArgumentException("fieldsV1 key " + GoJson.quote(key) + ": " + e.getMessage(), e);
        }
    }

    private static JsonNode json(String text) throws IOException {
        JsonNode node = GoJson.read(text.getBytes(StandardCharsets.UTF_8));
        if (node == null || node.isMissingNode()) {
            throw new IOException("no JSON value");
        }
        return node;
    }
}
