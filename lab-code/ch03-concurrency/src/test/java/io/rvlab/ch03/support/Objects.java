package io.rvlab.ch03.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.UUID;

/** Small builders for the JSON objects the tests create. */
public final class Objects {

    private Objects() {
    }

    /** A namespace name no other test uses. */
    public static String uniqueNamespace(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static ObjectNode configMap(String name, String namespace, Map<String, String> data) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("apiVersion", "v1");
        cm.put("kind", "ConfigMap");
        ObjectNode metadata = cm.putObject("metadata");
        metadata.put("name", name);
        if (!namespace.isEmpty()) {
            metadata.put("namespace", namespace);
        }
        ObjectNode d = cm.putObject("data");
        data.forEach(d::put);
        return cm;
    }

    public static long rv(JsonNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }
}
