package io.rvlab.ch03.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * The change both benchmark paths make: a ConfigMap whose {@code data.counter} is incremented,
 * parsed and written with one shared (thread-safe) Jackson mapper.
 */
final class Counter {

    static final ObjectMapper JSON = new ObjectMapper();

    private Counter() {
    }

    static ObjectNode configMap(String namespace, String name) {
        ObjectNode cm = JSON.createObjectNode();
        cm.put("apiVersion", "v1").put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", name).put("namespace", namespace);
        cm.putObject("data").put("counter", "0");
        return cm;
    }

    /** Parses a ConfigMap, increments its counter, and returns the new JSON. */
    static byte[] increment(byte[] configMap) throws IOException {
        ObjectNode cm = (ObjectNode) JSON.readTree(configMap);
        ObjectNode data = cm.withObjectProperty("data");
        data.put("counter", Long.toString(Long.parseLong(data.path("counter").asText("0")) + 1));
        return JSON.writeValueAsBytes(cm);
    }
}
