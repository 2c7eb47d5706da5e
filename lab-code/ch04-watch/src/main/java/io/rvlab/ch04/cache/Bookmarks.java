package io.rvlab.ch04.cache;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceType;

/**
 * The object of a BOOKMARK event: an empty object of the watched kind holding nothing but a
 * resourceVersion (apiserver cacher's {@code dispatchEvents} makes it with the type's
 * {@code newFunc}). Typed Go objects serialize their empty structs, hence the nulls and empty
 * objects below; a custom resource is unstructured and shows only what is set.
 */
public final class Bookmarks {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Bookmarks() {
    }

    // tag::bookmark[]
    public static ObjectNode object(ResourceType type, long resourceVersion) {
        ObjectNode object = F.objectNode();
        boolean builtIn = type.group().isEmpty() || type.group().equals("apps");
        if (!builtIn) { // unstructured: apiVersion first, and no creationTimestamp
            object.put("apiVersion", type.groupVersion());
            object.put("kind", type.kind());
            object.putObject("metadata").put("resourceVersion", Long.toString(resourceVersion));
            return object;
        }
        object.put("kind", type.kind());
        object.put("apiVersion", type.groupVersion());
        ObjectNode metadata = object.putObject("metadata");
        metadata.put("resourceVersion", Long.toString(resourceVersion));
        metadata.putNull("creationTimestamp"); // a zero metav1.Time (Kubernetes up to 1.33)
        switch (type.kind()) {
            case "Namespace" -> {
                object.putObject("spec");
                object.putObject("status");
            }
            case "Deployment" -> {
                ObjectNode spec = object.putObject("spec");
                spec.putNull("selector");
                ObjectNode template = spec.putObject("template");
                template.putObject("metadata").putNull("creationTimestamp");
                template.putObject("spec").putNull("containers");
                spec.putObject("strategy");
                object.putObject("status");
            }
            default -> { } // ConfigMap: nothing but metadata
        }
        return object;
    }
    // end::bookmark[]
}
