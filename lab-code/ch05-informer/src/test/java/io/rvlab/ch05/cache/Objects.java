package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Small ConfigMaps for the tests that need no server. */
final class Objects {

    private Objects() {
    }

    static ObjectNode cm(String namespace, String name, String rv) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("apiVersion", "v1").put("kind", "ConfigMap");
        ObjectNode metadata = cm.putObject("metadata").put("name", name);
        if (namespace != null) {
            metadata.put("namespace", namespace);
        }
        metadata.put("resourceVersion", rv);
        return cm;
    }

    static ObjectNode labelled(String namespace, String name, String rv, String label, String value) {
        ObjectNode cm = cm(namespace, name, rv);
        ((ObjectNode) cm.get("metadata")).putObject("labels").put(label, value);
        return cm;
    }

    static String rv(Object object) {
        ObjectNode node = object instanceof DeletedFinalStateUnknown t ? t.object() : (ObjectNode) object;
        return node.path("metadata").path("resourceVersion").asText();
    }
}
