package io.rvlab.ch03.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.FieldError;
import io.rvlab.ch02.api.GroupKind;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch03.wire.openapi.Definitions;
import io.rvlab.ch03.wire.openapi.Schema;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * What Kubernetes' JSON decoder does to a body on its way into a Go struct, done over a {@link
 * Schema}: a value of the wrong JSON type is a decode error (always), and a field the struct does
 * not have is dropped, or reported when the request asked for {@code fieldValidation=Strict}
 * ({@code strict decoding error: unknown field "spec.foo"}), which is what kubectl sends by default.
 */
public final class FieldValidation {

    /** The {@code fieldValidation} query parameter (metav1's FieldValidation directives). */
    public enum Directive {
        /** Drop unknown fields silently. */
        IGNORE,
        /** Drop them (Kubernetes also sends a Warning header per field; this server does not). The default. */
        WARN,
        /** Refuse the request. */
        STRICT;

        /**
         * Parses the parameter; anything but "", Ignore, Warn and Strict is a 422 naming the options
         * kind ({@code CreateOptions}, {@code UpdateOptions}, {@code PatchOptions}).
         */
        public static Directive of(String param, String optionsKind) {
            return switch (param) {
                case "", "Warn" -> WARN;
                case "Ignore" -> IGNORE;
                case "Strict" -> STRICT;
                default -> throw Status.invalid(new GroupKind("meta.k8s.io", optionsKind), "", List.of(
                        FieldError.notSupported("fieldValidation", param, "", "Ignore", "Strict", "Warn"))).exception();
            };
        }
    }

    /**
     * The outcome of decoding: the object without unknown fields, the unknown fields' paths in
     * document order, and the first type error (Go's message), or null.
     */
    public record Decoded(ObjectNode object, List<String> unknownFields, String typeError) {

        /** {@code strict decoding error: unknown field "a", unknown field "b"}. */
        public String strictError() {
            StringBuilder text = new StringBuilder("strict decoding error: ");
            for (int i = 0; i < unknownFields.size(); i++) {
                text.append(i == 0 ? "" : ", ").append("unknown field ").append(io.rvlab.ch02.wire.gojson.GoJson.quote(unknownFields.get(i)));
            }
            return text.toString();
        }
    }

    private final List<String> unknown = new ArrayList<>();
    private String typeError;

    private FieldValidation() {
    }

    // tag::decode[]
    /** Decodes a copy of {@code object} as the kind {@code schema} describes. */
    public static Decoded decode(ObjectNode object, Schema schema) {
        ObjectNode copy = object.deepCopy();
        FieldValidation walk = new FieldValidation();
        Schema kind = Definitions.resolve(schema);
        walk.visitStruct(copy, kind, "", "", kind.structName());
        return new Decoded(copy, List.copyOf(walk.unknown), walk.typeError);
    }

    private void visit(JsonNode node, Schema declared, String path, String goPath, String struct) {
        Schema schema = Definitions.resolve(declared);
        if (node == null || node.isNull()) {
            return; // null is the zero value of every Go type
        }
        switch (schema.type()) {
            case STRUCT -> {
                if (expect(node.isObject(), node, goPath, struct, schema)) {
                    visitStruct((ObjectNode) node, schema, path, goPath, schema.structName());
                }
            }
            case MAP -> {
                if (expect(node.isObject(), node, goPath, struct, schema)) {
                    node.fields().forEachRemaining(entry -> visit(entry.getValue(), schema.elements(),
                            path + "[" + entry.getKey() + "]", goPath, struct));
                }
            }
            case LIST -> {
                if (expect(node.isArray(), node, goPath, struct, schema)) {
                    ArrayNode items = (ArrayNode) node;
                    for (int i = 0; i < items.size(); i++) {
                        visit(items.get(i), schema.elements(), path + "[" + i + "]", goPath, struct);
                    }
                }
            }
            case STRING -> expect(node.isTextual(), node, goPath, struct, schema);
            case BOOLEAN -> expect(node.isBoolean(), node, goPath, struct, schema);
            case INTEGER -> expect(fitsInteger(node, schema.goType()), node, goPath, struct, schema);
            case INT_OR_STRING -> expect(node.isTextual() || fitsInteger(node, "int32"), node, goPath, struct, schema);
            case ANY -> expect(node.isObject(), node, goPath, struct, schema);
            case REF -> throw new IllegalStateException("unresolved reference " + schema.ref());
        }
    }

    private void visitStruct(ObjectNode object, Schema schema, String path, String goPath, String struct) {
        Map<String, Schema> fields = schema.fields();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String fieldPath = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
            Schema fieldSchema = fields.get(field.getKey()); // exact match: Kubernetes decodes case-sensitively
            if (fieldSchema == null) {
                unknown.add(fieldPath);
                it.remove();
            } else {
                String fieldGoPath = goPath.isEmpty() ? field.getKey() : goPath + "." + field.getKey();
                visit(field.getValue(), fieldSchema, fieldPath, fieldGoPath, struct);
            }
        }
    }
    // end::decode[]

    /** Records Go's UnmarshalTypeError for the first value that does not fit; true if it fits. */
    private boolean expect(boolean fits, JsonNode node, String goPath, String struct, Schema schema) {
        if (!fits && typeError == null) {
            String value = node.isTextual() ? "string" : node.isBoolean() ? "bool" : node.isArray() ? "array"
                    : node.isObject() ? "object" : schema.type() == Schema.Type.INTEGER || schema.type() == Schema.Type.INT_OR_STRING
                    ? "number " + node.asText() : "number";
            typeError = "json: cannot unmarshal " + value + " into Go struct field " + struct + "." + goPath + " of type "
                    + (schema.type() == Schema.Type.INT_OR_STRING ? "int32" : schema.goType());
        }
        return fits;
    }

    private static boolean fitsInteger(JsonNode node, String goType) {
        if (!node.isNumber()) {
            return false;
        }
        BigInteger value;
        try {
            value = node.decimalValue().toBigIntegerExact();
        } catch (ArithmeticException e) {
            return false; // a fraction
        }
        int bits = goType.equals("int32") ? 31 : 63;
        return value.bitLength() <= bits;
    }
}
