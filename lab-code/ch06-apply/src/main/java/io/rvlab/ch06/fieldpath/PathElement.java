package io.rvlab.ch06.fieldpath;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * One step into an object: a field, a keyed list item, a set item, or a list index, as
 * structured-merge-diff's {@code fieldpath.PathElement}. Elements are ordered field &lt; key &lt;
 * value &lt; index, and within a kind by name, key fields, value (numbers &lt; strings &lt; booleans
 * &lt; lists &lt; maps &lt; null) or index: the order in which kube-apiserver writes FieldsV1.
 */
public sealed interface PathElement extends Comparable<PathElement> {

    // tag::path-element[]
    /** A field of a struct or a key of a map: {@code f:data}, shown as {@code .data}. */
    record Field(String name) implements PathElement {
        public Field {
            if (name == null) {
                throw new IllegalArgumentException("a field path element needs a name");
            }
        }

        @Override
        public String encode() {
            return "f:" + name;
        }

        @Override
        public String toString() {
            return "." + name;
        }
    }

    /**
     * An item of an associative list, named by its key fields: {@code k:{"name":"nginx"}}, shown as
     * {@code [name="nginx"]}. The fields are kept sorted by name, as the encoding writes them.
     */
    record Key(ObjectNode fields) implements PathElement {
        public Key {
            if (fields == null || fields.isEmpty()) {
                throw new IllegalArgumentException("a key path element needs at least one key field");
            }
            fields = JsonOrder.canonicalObject(fields);
        }

        @Override
        public String encode() {
            return "k:" + GoJson.compact(fields);
        }

        @Override
        public String toString() {
            StringBuilder out = new StringBuilder("[");
            Iterator<Map.Entry<String, JsonNode>> it = fields.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                out.append(e.getKey()).append('=').append(JsonOrder.display(e.getValue()));
                if (it.hasNext()) {
                    out.append(',');
                }
            }
            return out.append(']').toString();
        }
    }

    /** An item of a set (a list of unique scalars): {@code v:"x"}, shown as {@code [="x"]}. */
    record Value(JsonNode value) implements PathElement {
        public Value {
            if (value == null || value.isMissingNode()) {
                throw new IllegalArgumentException("a value path element needs a value");
            }
            value = JsonOrder.canonical(value);
        }

        @Override
        public String encode() {
            return "v:" + GoJson.compact(value);
        }

        @Override
        public String toString() {
            return "[=" + JsonOrder.display(value) + "]";
        }
    }

    /** A position in a list that has neither keys nor set semantics: {@code i:0}, shown as {@code [0]}. */
    record Index(int index) implements PathElement {
        @Override
        public String encode() {
            return "i:" + index;
        }

        @Override
        public String toString() {
            return "[" + index + "]";
        }
    }

    /** FieldsV1 key form: "f:data", "k:{\"name\":\"nginx\"}", "v:\"finalizer.x\"", "i:0". */
    String encode();

    /** Path form used in conflict messages: ".data", "[name=\"nginx\"]", "[=\"x\"]", "[0]". */
    @Override
    String toString();

    /**
     * Reads the FieldsV1 key form back.
     *
     * @throws IllegalArgumentException for an unknown prefix or malformed JSON
     */
    static PathElement decode(String text) {
        if (text == null || text.length() < 2 || text.charAt(1) != ':') {
            throw new IllegalArgumentException("invalid path element " + quote(text)
                    + ": expected a prefix f:, k:, v: or i:");
        }
        String rest = text.substring(2);
        switch (text.charAt(0)) {
            case 'f':
                return new Field(rest);
            case 'k': {
                JsonNode json = parse(text, rest);
                if (!json.isObject() || json.isEmpty()) {
                    throw new IllegalArgumentException("invalid path element " + quote(text)
                            + ": a key must be a non-empty JSON object");
                }
                return new Key((ObjectNode) json);
            }
            case 'v':
                return new Value(parse(text, rest));
            case 'i':
                try {
                    return new Index(Integer.parseInt(rest));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("invalid path element " + quote(text)
                            + ": an index must be an integer");
                }
            default:
                throw new IllegalArgumentException("invalid path element " + quote(text)
                        + ": unknown prefix " + quote(text.substring(0, 2)));
        }
    }
    // end::path-element[]

    /** Whether {@code text} starts with a prefix this version knows (FieldsV1 readers skip the others). */
    static boolean knownPrefix(String text) {
        return text != null && text.length() >= 2 && text.charAt(1) == ':' && "fkvi".indexOf(text.charAt(0)) >= 0;
    }

    @Override
    default int compareTo(PathElement other) {
        int byKind = Integer.compare(rank(this), rank(other));
        if (byKind != 0) {
            return byKind;
        }
        if (this instanceof Field f) {
            return f.name().compareTo(((Field) other).name());
        }
        if (this instanceof Key k) {
            return JsonOrder.compareFields(k.fields(), ((Key) other).fields());
        }
        if (this instanceof Value v) {
            return JsonOrder.compare(v.value(), ((Value) other).value());
        }
        return Integer.compare(((Index) this).index(), ((Index) other).index());
    }

    private static int rank(PathElement element) {
        if (element instanceof Field) {
            return 0;
        }
        if (element instanceof Key) {
            return 1;
        }
        return element instanceof Value ? 2 : 3;
    }

    private static JsonNode parse(String text, String json) {
        try {
            JsonNode node = GoJson.read(json.getBytes(StandardCharsets.UTF_8));
            if (node == null || node.isMissingNode()) {
                throw new IOException("no JSON value");
            }
            return node;
        } catch (IOException e) {
            throw new IllegalArgumentException("invalid path element " + quote(text)
                    + ": malformed JSON: " + e.getMessage());
        }
    }

    private static String quote(String text) {
        return text == null ? "null" : GoJson.quote(text);
    }
}
