package io.rvlab.ch06.managedfields;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.List;

/**
 * Keeps a resource's {@link ResetFields} out of the structured merge: kube hands them to
 * structured-merge-diff as fields to ignore (k8s.io/apimachinery
 * pkg/util/managedfields/internal/structuredmerge.go, with the strategy's GetResetFields).
 */
final class ResetFieldsStrategy {

    private ResetFieldsStrategy() {
    }

    /**
     * {@code updated} with the reset fields as they are in {@code live}, so the Updater sees no change
     * there (kube gives the reset fields to structured-merge-diff as fields to ignore; the strategy
     * then puts the live values back anyway).
     */
    static ObjectNode withLiveResetFields(ResourceType type, ObjectNode updated, ObjectNode live, String subresource) {
        ObjectNode copy = updated.deepCopy();
        for (FieldPath path : ResetFields.of(type, subresource).paths()) {
            JsonNode liveValue = live == null ? null : at(live, path);
            ObjectNode parent = parentOf(copy, path, liveValue != null);
            if (parent == null) {
                continue;
            }
            String field = fieldName(path.last());
            if (liveValue == null) {
                parent.remove(field);
            } else {
                parent.set(field, liveValue.deepCopy());
            }
        }
        return copy;
    }

    /** An applied config without the reset fields: they are neither merged nor owned. */
    static ObjectNode withoutResetFields(ResourceType type, ObjectNode config, String subresource) {
        ObjectNode copy = config.deepCopy();
        for (FieldPath path : ResetFields.of(type, subresource).paths()) {
            ObjectNode parent = parentOf(copy, path, false);
            if (parent != null) {
                parent.remove(fieldName(path.last()));
            }
        }
        return copy;
    }

    private static JsonNode at(ObjectNode object, FieldPath path) {
        JsonNode node = object;
        for (PathElement element : path.elements()) {
            node = node == null ? null : node.get(fieldName(element));
        }
        return node;
    }

    /** The object holding {@code path}'s last field, created on the way if {@code create}. */
    private static ObjectNode parentOf(ObjectNode object, FieldPath path, boolean create) {
        ObjectNode node = object;
        List<PathElement> elements = path.elements();
        for (int i = 0; i < elements.size() - 1; i++) {
            String field = fieldName(elements.get(i));
            JsonNode next = node.get(field);
            if (!(next instanceof ObjectNode)) {
                if (!create) {
                    return null;
                }
                next = node.putObject(field);
            }
            node = (ObjectNode) next;
        }
        return node;
    }

    private static String fieldName(PathElement element) {
        if (element instanceof PathElement.Field field) {
            return field.name();
        }
        throw new IllegalStateException("reset fields are plain fields: " + element);
    }
}
