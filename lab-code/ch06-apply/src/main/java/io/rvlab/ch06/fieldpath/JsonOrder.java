package io.rvlab.ch06.fieldpath;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * How structured-merge-diff compares and prints the values inside key and value path elements:
 * numbers &lt; strings &lt; booleans &lt; lists &lt; maps &lt; null; strings printed as Go's
 * {@code %q}. Values are canonicalised (integers as longs, object keys sorted) so that equal JSON
 * read from YAML, JSON or FieldsV1 makes equal path elements.
 */
final class JsonOrder {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private JsonOrder() {
    }

    static JsonNode canonical(JsonNode value) {
        if (value.isIntegralNumber() && value.canConvertToLong()) {
            return F.numberNode(value.longValue());
        }
        if (value.isNumber()) {
            BigDecimal decimal = value.decimalValue();
            if (decimal.signum() == 0 || decimal.stripTrailingZeros().scale() <= 0) {
                try {
                    return F.numberNode(decimal.longValueExact());
                } catch (ArithmeticException tooBig) {
                    return F.numberNode(decimal);
                }
            }
            return F.numberNode(decimal);
        }
        if (value.isObject()) {
            return canonicalObject((ObjectNode) value);
        }
        if (value.isArray()) {
            ArrayNode out = F.arrayNode();
            value.forEach(item -> out.add(canonical(item)));
            return out;
        }
        return value;
    }

    static ObjectNode canonicalObject(ObjectNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        names.sort(null);
        ObjectNode out = F.objectNode();
        for (String name : names) {
            out.set(name, canonical(object.get(name)));
        }
        return out;
    }

    /** A value as conflict paths show it: strings quoted, the rest as compact JSON. */
    static String display(JsonNode value) {
        return value.isTextual() ? GoJson.quote(value.textValue()) : GoJson.compact(value);
    }

    private static int rank(JsonNode v) {
        if (v.isNumber()) {
            return 0;
        }
        if (v.isTextual()) {
            return 1;
        }
        if (v.isBoolean()) {
            return 2;
        }
        if (v.isArray()) {
            return 3;
        }
        if (v.isObject()) {
            return 4;
        }
        return 5;
    }

    static int compare(JsonNode a, JsonNode b) {
        int byRank = Integer.compare(rank(a), rank(b));
        if (byRank != 0) {
            return byRank;
        }
        switch (rank(a)) {
            case 0:
                return a.decimalValue().compareTo(b.decimalValue());
            case 1:
                return a.textValue().compareTo(b.textValue());
            case 2:
                return Boolean.compare(a.booleanValue(), b.booleanValue());
            case 3: {
                for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                    int c = compare(a.get(i), b.get(i));
                    if (c != 0) {
                        return c;
                    }
                }
                return Integer.compare(a.size(), b.size());
            }
            case 4:
                return compareFields((ObjectNode) canonical(a), (ObjectNode) canonical(b));
            default:
                return 0;
        }
    }

    /** Lexical order of two sorted field lists: name, then value, field by field; shorter first. */
    static int compareFields(ObjectNode a, ObjectNode b) {
        Iterator<Map.Entry<String, JsonNode>> ia = a.fields();
        Iterator<Map.Entry<String, JsonNode>> ib = b.fields();
        while (ia.hasNext() && ib.hasNext()) {
            Map.Entry<String, JsonNode> ea = ia.next();
            Map.Entry<String, JsonNode> eb = ib.next();
            int c = ea.getKey().compareTo(eb.getKey());
            if (c != 0) {
                return c;
            }
            c = compare(ea.getValue(), eb.getValue());
            if (c != 0) {
                return c;
            }
        }
        return Boolean.compare(ia.hasNext(), ib.hasNext());
    }
}
