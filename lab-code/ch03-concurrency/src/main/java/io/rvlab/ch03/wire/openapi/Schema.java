package io.rvlab.ch03.wire.openapi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One node of an OpenAPI schema, as Kubernetes publishes its types: a struct (fixed fields), a map
 * (any keys, one value schema), a list, a scalar, a reference to a named definition, or a subtree
 * this server does not describe (any JSON, {@code x-kubernetes-preserve-unknown-fields}).
 *
 * <p>The same schema serves three readers: the OpenAPI documents kubectl downloads, strict field
 * validation ({@link io.rvlab.ch03.api.FieldValidation}: which fields exist), and strategic merge patch (which lists
 * merge, and by which key). {@code goType} is the Go type Kubernetes decodes into; it appears in
 * decode errors ({@code cannot unmarshal string into Go struct field ConfigMap.data of type ...}).
 */
public final class Schema {

    /** What kind of JSON value the schema describes. */
    public enum Type { STRUCT, MAP, LIST, STRING, INTEGER, BOOLEAN, INT_OR_STRING, REF, ANY }

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final Type type;
    private final String goType;
    private final String format;
    private final String ref;
    private final Schema elements; // LIST items, MAP values
    private final Map<String, Schema> fields = new LinkedHashMap<>();
    private String description;
    private String mergeKey;          // LIST of structs: x-kubernetes-patch-merge-key
    private boolean mergePrimitives;  // LIST of scalars with patchStrategy "merge" (a set, e.g. finalizers)
    private String[] groupVersionKind;

    private Schema(Type type, String goType, String format, String ref, Schema elements) {
        this.type = type;
        this.goType = goType;
        this.format = format;
        this.ref = ref;
        this.elements = elements;
    }

    /** A Go struct of one of the API packages ({@code v1.ObjectMeta}); {@code name} without package. */
    public static Schema struct(String name) {
        return new Schema(Type.STRUCT, "v1." + name, null, null, null);
    }

    public static Schema string() {
        return new Schema(Type.STRING, "string", null, null, null);
    }

    /** A timestamp (metav1.Time): a string in RFC 3339 form. */
    public static Schema time() {
        return new Schema(Type.STRING, "v1.Time", "date-time", null, null);
    }

    /** Bytes, sent as base64 text ({@code binaryData}). */
    public static Schema bytes() {
        return new Schema(Type.STRING, "[]uint8", "byte", null, null);
    }

    public static Schema int32() {
        return new Schema(Type.INTEGER, "int32", "int32", null, null);
    }

    public static Schema int64() {
        return new Schema(Type.INTEGER, "int64", "int64", null, null);
    }

    public static Schema bool() {
        return new Schema(Type.BOOLEAN, "bool", null, null, null);
    }

    public static Schema intOrString() {
        return new Schema(Type.INT_OR_STRING, "intstr.IntOrString", "int-or-string", null, null);
    }

    /** A map with string keys, such as labels ({@code map[string]string}). */
    public static Schema map(Schema values) {
        return new Schema(Type.MAP, "map[string]" + values.goType, null, null, values);
    }

    public static Schema list(Schema items) {
        return new Schema(Type.LIST, "[]" + items.goType, null, null, items);
    }

    /** A reference to a named definition, such as {@code io.k8s.api.core.v1.ConfigMap}. */
    public static Schema ref(String definition) {
        return new Schema(Type.REF, "v1." + definition.substring(definition.lastIndexOf('.') + 1), null, definition, null);
    }

    /**
     * A struct (or map) this server stores as sent but does not describe field by field: any JSON
     * object is accepted there. {@code name} is its Go type without package.
     */
    public static Schema any(String name) {
        return new Schema(Type.ANY, "v1." + name, null, null, null);
    }

    /** Adds a field to a struct. */
    public Schema field(String name, Schema schema) {
        fields.put(name, schema);
        return this;
    }

    public Schema description(String text) {
        this.description = text;
        return this;
    }

    /** A list of structs that a strategic merge patch merges item by item, matching on {@code key}. */
    public Schema mergeKey(String key) {
        this.mergeKey = key;
        return this;
    }

    /** A list of scalars that a strategic merge patch merges as a set. */
    public Schema mergePrimitives() {
        this.mergePrimitives = true;
        return this;
    }

    /** Marks a top-level kind ({@code x-kubernetes-group-version-kind}). */
    public Schema kind(String group, String version, String kind) {
        this.groupVersionKind = new String[] {group, version, kind};
        return this;
    }

    /** The Go struct's name without package ({@code ObjectMeta}), as decode errors name it. */
    public String structName() {
        return goType.substring(goType.lastIndexOf('.') + 1);
    }

    public Type type() {
        return type;
    }

    public String goType() {
        return goType;
    }

    public String ref() {
        return ref;
    }

    /** The items of a list, or the values of a map. */
    public Schema elements() {
        return elements;
    }

    public Map<String, Schema> fields() {
        return Collections.unmodifiableMap(fields);
    }

    public String mergeKey() {
        return mergeKey;
    }

    public boolean mergesPrimitives() {
        return mergePrimitives;
    }

    // tag::openapi[]
    /** This node as an OpenAPI v3 schema object ({@code $ref} to {@code #/components/schemas/...}). */
    public ObjectNode toOpenApi() {
        ObjectNode json = F.objectNode();
        if (description != null) {
            json.put("description", description);
        }
        switch (type) {
            case STRUCT -> {
                json.put("type", "object");
                if (!fields.isEmpty()) {
                    ObjectNode properties = json.putObject("properties");
                    fields.forEach((name, schema) -> properties.set(name, schema.toOpenApi()));
                }
            }
            case MAP -> {
                json.put("type", "object");
                json.set("additionalProperties", elements.toOpenApi());
            }
            case LIST -> {
                json.put("type", "array");
                json.set("items", elements.toOpenApi());
                if (mergeKey != null) {
                    json.put("x-kubernetes-patch-merge-key", mergeKey);
                }
                if (mergeKey != null || mergePrimitives) {
                    json.put("x-kubernetes-patch-strategy", "merge");
                }
            }
            case STRING, INTEGER, BOOLEAN -> {
                json.put("type", type == Type.STRING ? "string" : type == Type.INTEGER ? "integer" : "boolean");
                if (format != null) {
                    json.put("format", format);
                }
            }
            case INT_OR_STRING -> {
                json.put("format", format);
                json.put("x-kubernetes-int-or-string", true);
            }
            case REF -> {
                if (description == null) {
                    json.put("$ref", "#/components/schemas/" + ref);
                } else { // siblings of $ref are ignored in OpenAPI 3.0, so Kubernetes wraps it
                    json.putArray("allOf").addObject().put("$ref", "#/components/schemas/" + ref);
                }
            }
            case ANY -> {
                json.put("type", "object");
                json.put("x-kubernetes-preserve-unknown-fields", true);
            }
        }
        if (groupVersionKind != null) {
            ObjectNode gvk = json.putArray("x-kubernetes-group-version-kind").addObject();
            gvk.put("group", groupVersionKind[0]);
            gvk.put("kind", groupVersionKind[2]);
            gvk.put("version", groupVersionKind[1]);
        }
        return json;
    }
    // end::openapi[]
}
