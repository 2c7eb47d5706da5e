package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch03.wire.openapi.Definitions;
import io.rvlab.ch03.wire.openapi.Schema;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.List;
import java.util.Map;

/**
 * One node of chapter 3's {@link Schema}, read the way server-side apply reads a type's OpenAPI:
 * structs and maps merge key by key; a list with a strategic-merge key is an associative list
 * ({@code x-kubernetes-list-type: map}) keyed by it, a list of merged primitives a set, any other
 * list atomic. Where Kubernetes' {@code x-kubernetes-list-map-keys} differ from the strategic-merge
 * key (container ports are keyed by {@code containerPort} and {@code protocol}), the apply keys win.
 * Subtrees the schema does not describe ({@link Schema.Type#ANY}) are "deduced", as
 * structured-merge-diff does for untyped objects: objects merge by key, lists are atomic.
 */
public final class ApplySchema {

    /** The shape of a node, as the typed walks see it. */
    public enum Kind { STRUCT, MAP, LIST, SCALAR, DEDUCED }

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final ApplySchema DEDUCED = new ApplySchema(null, null);

    /**
     * Kubernetes' list-map keys where they are not just the strategic-merge key (by item type), and
     * the defaults of key fields an item may omit (kube's OpenAPI default: protocol TCP).
     */
    private static final Map<String, List<String>> LIST_MAP_KEYS = Map.of(
            "ContainerPort", List.of("containerPort", "protocol"),
            "TopologySpreadConstraint", List.of("topologyKey", "whenUnsatisfiable"));
    private static final Map<String, Map<String, JsonNode>> KEY_DEFAULTS = Map.of(
            "ContainerPort", Map.of("protocol", F.textNode("TCP")));

    /**
     * Struct fields that are Go values, not pointers, in the built-in types: an object that does not
     * exist yet (Go's zero value, what kube compares a create against) already has them, empty, so
     * a create does not own them as nodes ({@code f:spec} has no {@code "."} in golden h1, while
     * {@code f:rollingUpdate}, a pointer, has). Custom resources are unstructured: nothing is there.
     */
    private static final Map<String, List<String>> VALUE_STRUCTS = Map.of(
            "io.k8s.api.core.v1.ConfigMap", List.of("metadata"),
            "io.k8s.api.core.v1.Namespace", List.of("metadata", "spec", "status"),
            "io.k8s.api.apps.v1.Deployment", List.of("metadata", "spec", "status"),
            "io.k8s.api.apps.v1.DeploymentSpec", List.of("template", "strategy"),
            "io.k8s.api.core.v1.PodTemplateSpec", List.of("metadata", "spec"));

    /** Structs marked {@code +structType=atomic} in Kubernetes: replaced whole, owned as one leaf. */
    private static final java.util.Set<String> ATOMIC_STRUCTS = java.util.Set.of(
            "io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector");

    private final Schema schema; // resolved (never a REF); null = deduced
    private final String definition; // the named definition this node is, if it is one

    private ApplySchema(Schema schema, String definition) {
        this.schema = schema;
        this.definition = definition;
    }

    /** The apply schema of a served kind; a kind without a definition is deduced. */
    public static ApplySchema of(ResourceType type) {
        try {
            return new ApplySchema(Definitions.of(type), Definitions.definitionOf(type));
        } catch (IllegalArgumentException noDefinition) {
            return DEDUCED;
        }
    }

    /** A node of chapter 3's schema ({@code REF}s are followed through {@link Definitions}). */
    public static ApplySchema of(Schema schema) {
        String definition = null;
        Schema current = schema;
        while (current != null && current.type() == Schema.Type.REF) {
            definition = current.ref();
            current = Definitions.get(current.ref());
        }
        return current == null || current.type() == Schema.Type.ANY ? DEDUCED : new ApplySchema(current, definition);
    }

    /** Whether this struct is replaced whole by a merge ({@code +structType=atomic}). */
    public boolean atomic() {
        return definition != null && ATOMIC_STRUCTS.contains(definition);
    }

    /**
     * The object as it exists before it exists: Go's zero value of the kind as kube's field manager
     * compares a create against ({@code {"metadata":{"creationTimestamp":null},"spec":{...},"status":{}}}
     * for a Deployment); {@code {}} for a kind without Go type.
     */
    public ObjectNode emptyObject() {
        ObjectNode zero = F.objectNode();
        if (definition == null || schema == null) {
            return zero;
        }
        if (definition.equals(Definitions.OBJECT_META)) {
            zero.putNull("creationTimestamp"); // metav1.Time's zero value marshals as null
        }
        for (String name : VALUE_STRUCTS.getOrDefault(definition, List.of())) {
            zero.set(name, field(name).emptyObject());
        }
        return zero;
    }

    /** No schema: maps merge by key, every list atomic (structured-merge-diff's deduced type). */
    public static ApplySchema deduced() {
        return DEDUCED;
    }

    public Kind kind() {
        if (schema == null) {
            return Kind.DEDUCED;
        }
        switch (schema.type()) {
            case STRUCT:
                return Kind.STRUCT;
            case MAP:
                return Kind.MAP;
            case LIST:
                return Kind.LIST;
            default:
                return Kind.SCALAR;
        }
    }

    /**
     * How this node walks {@code value}: by the schema where value and schema agree, else by the
     * value's own shape (a deduced object is a MAP, a deduced list an atomic LIST).
     */
    Kind shapeFor(JsonNode value) {
        Kind kind = kind();
        if (value == null) {
            return kind;
        }
        if (kind == Kind.STRUCT && atomic()) {
            return Kind.SCALAR; // an atomic struct is one leaf
        }
        if (value.isObject() && (kind == Kind.STRUCT || kind == Kind.MAP || kind == Kind.DEDUCED)) {
            return kind == Kind.DEDUCED ? Kind.MAP : kind;
        }
        if (value.isArray()) {
            return Kind.LIST;
        }
        return Kind.SCALAR;
    }

    /** Whether this is a struct that declares {@code name} (SMD's named fields). */
    public boolean declares(String name) {
        return schema != null && schema.type() == Schema.Type.STRUCT && schema.fields().containsKey(name);
    }

    /** The schema of field or map key {@code name}; deduced where nothing describes it. */
    public ApplySchema field(String name) {
        if (schema == null) {
            return DEDUCED;
        }
        if (schema.type() == Schema.Type.STRUCT) {
            Schema field = schema.fields().get(name);
            return field == null ? DEDUCED : of(field);
        }
        if (schema.type() == Schema.Type.MAP) {
            return of(schema.elements());
        }
        return DEDUCED;
    }

    /** The schema of a list's items. */
    public ApplySchema elements() {
        return schema != null && schema.type() == Schema.Type.LIST ? of(schema.elements()) : DEDUCED;
    }

    /** How this list merges; a deduced list (or anything that is not a typed list) is atomic. */
    public ListType listType() {
        if (schema == null || schema.type() != Schema.Type.LIST) {
            return ListType.ATOMIC;
        }
        if (!keys().isEmpty()) {
            return ListType.MAP;
        }
        return schema.mergesPrimitives() ? ListType.SET : ListType.ATOMIC;
    }

    /** The list-map keys of an associative list (empty for other lists). */
    public List<String> keys() {
        if (schema == null || schema.type() != Schema.Type.LIST || schema.mergeKey() == null) {
            return List.of();
        }
        List<String> override = LIST_MAP_KEYS.get(schema.elements().structName());
        return override != null ? override : List.of(schema.mergeKey());
    }

    private Map<String, JsonNode> keyDefaults() {
        return KEY_DEFAULTS.getOrDefault(schema.elements().structName(), Map.of());
    }

    /**
     * The path element of one item of this list: {@code k:} of its key fields (a missing key field
     * takes its default), {@code v:} of a set's scalar, {@code i:} of an atomic list's position.
     *
     * @throws IllegalArgumentException for an item that cannot be named (a key field missing, an
     *     associative item that is not an object, a set item that is not a scalar)
     */
    public PathElement itemElement(JsonNode item, int index) {
        switch (listType()) {
            case MAP: {
                if (!item.isObject()) {
                    throw new IllegalArgumentException("element " + index
                            + ": associative list with keys has an element that is not a map");
                }
                ObjectNode key = F.objectNode();
                for (String name : keys()) {
                    JsonNode value = item.get(name);
                    if (value == null || value.isNull()) {
                        value = keyDefaults().get(name);
                    }
                    if (value == null) {
                        throw new IllegalArgumentException("element " + index
                                + ": associative list with keys has an element that omits key field \"" + name
                                + "\" (and doesn't have default value)");
                    }
                    if (value.isContainerNode()) {
                        throw new IllegalArgumentException("element " + index + ": key field \"" + name
                                + "\" must be a scalar");
                    }
                    key.set(name, value);
                }
                return new PathElement.Key(key);
            }
            case SET:
                if (item.isContainerNode()) {
                    throw new IllegalArgumentException("element " + index
                            + ": a set (list of unique scalars) has an element that is not a scalar");
                }
                return new PathElement.Value(item);
            default:
                return new PathElement.Index(index);
        }
    }

    @Override
    public String toString() {
        return schema == null ? "deduced" : schema.goType();
    }
}
