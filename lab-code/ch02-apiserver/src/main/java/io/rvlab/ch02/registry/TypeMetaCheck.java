package io.rvlab.ch02.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.wire.gojson.ObjectMetaOrder;
import java.util.Iterator;
import java.util.List;

/**
 * What a request body must be before the registry looks at it: of this endpoint's kind, with metadata
 * fields of the types Go decodes them into. kube-apiserver's create and update handlers (k8s.io/apiserver
 * pkg/endpoints/handlers create.go, update.go) refuse a body of another apiVersion or kind with a 400;
 * a field Go's encoding/json cannot put into the ObjectMeta struct is a 400 in the words of
 * handlers/rest.go's transformDecodeError ("... cannot be handled as a ConfigMap: json: cannot
 * unmarshal ...").
 */
final class TypeMetaCheck {

    private TypeMetaCheck() {
    }

    /**
     * apiVersion and kind may be left out of a body (they are implied by the URL); if present they
     * must be this endpoint's. Metadata fields must have the right JSON types. Then the body gets
     * the endpoint's apiVersion and kind, its fields in Kubernetes' order.
     */
    static void check(ResourceType type, ObjectNode object) {
        String apiVersion = object.path("apiVersion").asText("");
        String kind = object.path("kind").asText("");
        if (!apiVersion.isEmpty() && !apiVersion.equals(type.groupVersion())) {
            throw Status.badRequest("the API version in the data (" + apiVersion
                    + ") does not match the expected API version (" + type.groupVersion() + ")").exception();
        }
        if (!kind.isEmpty() && !kind.equals(type.kind())) {
            throw Status.badRequest("the kind in the data (" + kind + ") does not match the expected kind ("
                    + type.kind() + ")").exception();
        }
        JsonNode metadata = object.get("metadata");
        if (metadata != null && !metadata.isNull() && !metadata.isObject()) {
            throw decodeError(type, "metadata", "ObjectMeta", metadata);
        }
        if (metadata instanceof ObjectNode meta) {
            for (String field : List.of("name", "generateName", "namespace", "resourceVersion", "uid")) {
                JsonNode value = meta.get(field);
                if (value != null && !value.isNull() && !value.isTextual()) {
                    throw decodeError(type, "metadata." + field, "string", value);
                }
            }
            JsonNode labels = meta.get("labels");
            if (labels != null && !labels.isNull()) {
                if (!labels.isObject()) {
                    throw decodeError(type, "metadata.labels", "map[string]string", labels);
                }
                for (Iterator<JsonNode> values = labels.elements(); values.hasNext(); ) {
                    JsonNode value = values.next();
                    if (!value.isTextual()) {
                        throw decodeError(type, "metadata.labels", "string", value);
                    }
                }
            }
        }
        object.put("kind", type.kind());
        object.put("apiVersion", type.groupVersion());
        ObjectMetaOrder.normalize(object);
    }

    private static StatusException decodeError(ResourceType type, String field, String goType, JsonNode value) {
        String jsonType = value.isTextual() ? "string" : value.isNumber() ? "number" : value.isBoolean() ? "bool"
                : value.isArray() ? "array" : "object";
        return Status.badRequest(type.kind() + " in version \"" + type.version() + "\" cannot be handled as a "
                + type.kind() + ": json: cannot unmarshal " + jsonType + " into Go struct field " + type.kind() + "."
                + field + " of type " + goType).exception();
    }
}
