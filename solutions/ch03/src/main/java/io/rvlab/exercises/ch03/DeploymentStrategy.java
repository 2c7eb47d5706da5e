package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * Reference answer to exercise 3.3: the generation rule of a Deployment.
 *
 * <p>Each method starts from a deep copy, so neither the stored object nor the request is ever
 * changed: the caller still needs the old object to decide whether anything is to be written at
 * all. The copy of the old generation comes first, as in apiserver's {@code BeforeUpdate}, so a
 * generation sent by the client never counts; then the strategy decides whether to add one.
 *
 * <p>The custom resource's rules are apiextensions-apiserver's {@code customResourceStrategy} and
 * {@code statusStrategy} (pkg/registry/customresource): any change outside metadata is intent, none
 * inside it is (annotations included), and /status starts from the whole stored object, keeping only
 * the request's status, or none if the request has none.
 */
public final class DeploymentStrategy {

    private DeploymentStrategy() {
    }

    public static ObjectNode prepareForCreate(ObjectNode requested) {
        ObjectNode created = requested.deepCopy();
        created.withObjectProperty("metadata").put("generation", 1L);
        created.set("status", created.objectNode());
        return created;
    }

    public static ObjectNode prepareForUpdate(ObjectNode old, ObjectNode requested) {
        ObjectNode updated = requested.deepCopy();
        copyField(old, updated, "status");
        long generation = old.path("metadata").path("generation").asLong(0);
        boolean specChanged = !same(old.get("spec"), updated.get("spec"));
        boolean annotationsChanged = !same(annotations(old), annotations(updated));
        updated.withObjectProperty("metadata").put("generation", specChanged || annotationsChanged ? generation + 1 : generation);
        return updated;
    }

    public static ObjectNode prepareForStatusUpdate(ObjectNode old, ObjectNode requested) {
        ObjectNode updated = requested.deepCopy();
        copyField(old, updated, "spec");
        ObjectNode metadata = updated.withObjectProperty("metadata");
        copyField(old.path("metadata"), metadata, "labels");
        copyField(old.path("metadata"), metadata, "generation");
        return updated;
    }

    public static ObjectNode prepareCustomResourceForUpdate(ObjectNode old, ObjectNode requested) {
        ObjectNode updated = requested.deepCopy();
        copyField(old, updated, "status");
        long generation = old.path("metadata").path("generation").asLong(0);
        updated.withObjectProperty("metadata").put("generation",
                nonMetadata(old).equals(nonMetadata(updated)) ? generation : generation + 1);
        return updated;
    }

    public static ObjectNode prepareCustomResourceForStatusUpdate(ObjectNode old, ObjectNode requested) {
        ObjectNode updated = old.deepCopy();
        copyField(requested, updated, "status");
        return updated;
    }

    /** The object without its metadata: apiextensions-apiserver's {@code copyNonMetadata}. */
    private static ObjectNode nonMetadata(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        copy.remove("metadata");
        return copy;
    }

    /** {@code to.field = from.field}, or no field at all when {@code from} has none. */
    private static void copyField(JsonNode from, ObjectNode to, String field) {
        JsonNode value = from.get(field);
        if (value == null) {
            to.remove(field);
        } else {
            to.set(field, value.deepCopy());
        }
    }

    private static JsonNode annotations(ObjectNode object) {
        JsonNode annotations = object.path("metadata").get("annotations");
        return annotations != null && annotations.isObject() && annotations.isEmpty() ? null : annotations;
    }

    /** Semantic equality: absent and JSON null are the same "nothing". */
    private static boolean same(JsonNode a, JsonNode b) {
        boolean aNone = a == null || a.isNull();
        boolean bNone = b == null || b.isNull();
        return aNone || bNone ? aNone == bNone : Objects.equals(a, b);
    }
}
