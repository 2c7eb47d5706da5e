package io.rvlab.ch02.wire.gojson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps an object's fields in the order kube-apiserver writes them, so a response from this server
 * reads like one from Kubernetes: {@code kind, apiVersion, metadata} first, and inside
 * {@code metadata} the order of Go's ObjectMeta struct (name, namespace, uid, resourceVersion, ...).
 * Fields this server does not know keep their place after the known ones.
 */
public final class ObjectMetaOrder {

    /** Go's ObjectMeta field order (k8s.io/apimachinery/pkg/apis/meta/v1 types.go). */
    public static final List<String> METADATA_FIELDS = List.of(
            "name", "generateName", "namespace", "selfLink", "uid", "resourceVersion", "generation",
            "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "labels", "annotations",
            "ownerReferences", "finalizers", "managedFields");

    private static final List<String> TOP_FIELDS = List.of("kind", "apiVersion", "metadata");

    private ObjectMetaOrder() {
    }

    /** Sets {@code metadata.<field>} (creating metadata if needed), in its ObjectMeta place. */
    public static void set(ObjectNode object, String field, String value) {
        ObjectNode metadata = metadata(object);
        metadata.put(field, value);
        reorder(metadata, METADATA_FIELDS);
    }

    /** The object's metadata, created (in its place after kind and apiVersion) if missing. */
    public static ObjectNode metadata(ObjectNode object) {
        if (!(object.get("metadata") instanceof ObjectNode)) {
            object.set("metadata", JsonNodeFactory.instance.objectNode());
            reorder(object, TOP_FIELDS);
        }
        return (ObjectNode) object.get("metadata");
    }

    /** Puts the top-level fields and the metadata fields in Kubernetes' order. */
    public static void normalize(ObjectNode object) {
        reorder(object, TOP_FIELDS);
        if (object.get("metadata") instanceof ObjectNode metadata) {
            reorder(metadata, METADATA_FIELDS);
        }
    }

    private static void reorder(ObjectNode node, List<String> order) {
        if (inOrder(node, order)) {
            return; // the common case (normalize runs several times per request): nothing to rebuild
        }
        Map<String, JsonNode> known = new LinkedHashMap<>();
        List<Map.Entry<String, JsonNode>> others = new ArrayList<>();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            if (order.contains(field.getKey())) {
                known.put(field.getKey(), field.getValue());
            } else {
                others.add(Map.entry(field.getKey(), field.getValue()));
            }
        }
        node.removeAll();
        for (String name : order) {
            if (known.containsKey(name)) {
                node.set(name, known.get(name));
            }
        }
        others.forEach(field -> node.set(field.getKey(), field.getValue()));
    }

    /** Whether the known fields already come first, in {@code order}, as reorder would put them. */
    private static boolean inOrder(ObjectNode node, List<String> order) {
        int last = -1;
        boolean other = false;
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            int place = order.indexOf(names.next());
            if (place < 0) {
                other = true;
            } else if (other || place < last) {
                return false;
            } else {
                last = place;
            }
        }
        return true;
    }
}
