package io.rvlab.ch02.support;

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

    public static ObjectNode configMap(String name, Map<String, String> labels, Map<String, String> data) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("apiVersion", "v1");
        cm.put("kind", "ConfigMap");
        ObjectNode metadata = cm.putObject("metadata");
        metadata.put("name", name);
        if (!labels.isEmpty()) {
            ObjectNode l = metadata.putObject("labels");
            labels.forEach(l::put);
        }
        ObjectNode d = cm.putObject("data");
        data.forEach(d::put);
        return cm;
    }

    public static ObjectNode configMap(String name) {
        return configMap(name, Map.of(), Map.of("k", "v"));
    }

    public static ObjectNode namespace(String name) {
        ObjectNode ns = JsonNodeFactory.instance.objectNode();
        ns.put("apiVersion", "v1");
        ns.put("kind", "Namespace");
        ns.putObject("metadata").put("name", name);
        return ns;
    }
}
