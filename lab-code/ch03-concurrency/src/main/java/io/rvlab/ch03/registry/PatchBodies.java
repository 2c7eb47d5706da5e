package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.wire.gojson.GoJsonSyntax;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Reading patch bodies, and writing JSON and values the way Go does in patch error messages. */
final class PatchBodies {

    private PatchBodies() {
    }

    /** Parses a patch body; a syntax error is a 400 with Go's wording after {@code prefix}. */
    static JsonNode parse(byte[] body, String prefix) {
        Optional<String> syntaxError = GoJsonSyntax.check(body);
        if (syntaxError.isPresent()) {
            throw Status.badRequest(prefix + syntaxError.get()).exception();
        }
        try {
            return GoJson.read(body);
        } catch (IOException e) { // nesting too deep, for example
            throw Status.badRequest(prefix + e.getMessage()).exception();
        }
    }

    /** Go's name for a JSON value's type in "cannot unmarshal X into ..." messages. */
    static String jsonType(JsonNode value) {
        return value.isTextual() ? "string" : value.isNumber() ? "number" : value.isBoolean() ? "bool"
                : value.isArray() ? "array" : value.isObject() ? "object" : "null";
    }

    /** Compact JSON with object keys sorted, as Go marshals a map (the patched object of a JSON or merge patch). */
    static String sortedJson(JsonNode node) {
        return GoJson.compact(sorted(node));
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            Map<String, JsonNode> fields = new TreeMap<>();
            node.fields().forEachRemaining(e -> fields.put(e.getKey(), sorted(e.getValue())));
            com.fasterxml.jackson.databind.node.ObjectNode copy = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
            fields.forEach(copy::set);
            return copy;
        }
        if (node.isArray()) {
            com.fasterxml.jackson.databind.node.ArrayNode copy = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
            node.forEach(item -> copy.add(sorted(item)));
            return copy;
        }
        return node;
    }

    /** A value as Go's {@code %+v} prints a decoded map: {@code map[data:map[k:v]]}, keys sorted. */
    static String goValue(JsonNode node) {
        if (node == null || node.isNull()) {
            return "<nil>";
        }
        if (node.isObject()) {
            StringBuilder out = new StringBuilder("map[");
            Map<String, JsonNode> fields = new TreeMap<>();
            node.fields().forEachRemaining(e -> fields.put(e.getKey(), e.getValue()));
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = fields.entrySet().iterator(); it.hasNext(); first = false) {
                Map.Entry<String, JsonNode> field = it.next();
                out.append(first ? "" : " ").append(field.getKey()).append(':').append(goValue(field.getValue()));
            }
            return out.append(']').toString();
        }
        if (node.isArray()) {
            StringBuilder out = new StringBuilder("[");
            for (int i = 0; i < node.size(); i++) {
                out.append(i == 0 ? "" : " ").append(goValue(node.get(i)));
            }
            return out.append(']').toString();
        }
        return node.asText();
    }
}
