package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The key every store here files an object under: client-go's {@code MetaNamespaceKeyFunc},
 * {@code namespace/name}, or just {@code name} for a cluster-scoped object (a Namespace). A
 * deletion tombstone keeps the key it was filed under ({@code DeletionHandlingMetaNamespaceKeyFunc}).
 */
public final class ObjectKeys {

    private ObjectKeys() {
    }

    /** {@code namespace/name}, or {@code name} without a namespace. */
    public static String of(ObjectNode object) {
        JsonNode metadata = object.path("metadata");
        String name = metadata.path("name").asText("");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("object has no metadata.name: " + object);
        }
        String namespace = metadata.path("namespace").asText("");
        return namespace.isEmpty() ? name : namespace + "/" + name;
    }

    /** The key of an object or of a {@link DeletedFinalStateUnknown} (its own key). */
    public static String of(Object objOrTombstone) {
        if (objOrTombstone instanceof DeletedFinalStateUnknown tombstone) {
            return tombstone.key();
        }
        if (objOrTombstone instanceof ObjectNode object) {
            return of(object);
        }
        throw new IllegalArgumentException("neither an object nor a tombstone: " + objOrTombstone);
    }
}
