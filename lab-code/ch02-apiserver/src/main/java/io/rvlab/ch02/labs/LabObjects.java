package io.rvlab.ch02.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.TreeMap;

/**
 * The objects the labs write and the numbers they read back, the same in every chapter: a
 * namespace, a ConfigMap with one key, an answer's resourceVersion as a number, a ConfigMap's data
 * in one line.
 */
public final class LabObjects {

    private LabObjects() {
    }

    /** A Namespace {@code name}, as {@code kubectl create namespace} sends it. */
    public static ObjectNode namespace(String name) {
        ObjectNode ns = JsonNodeFactory.instance.objectNode();
        ns.put("apiVersion", "v1");
        ns.put("kind", "Namespace");
        ns.putObject("metadata").put("name", name);
        return ns;
    }

    /** A ConfigMap {@code name} holding {@code k: value}; the API server fills in the rest. */
    public static ObjectNode configMap(String name, String value) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("apiVersion", "v1");
        cm.put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", name);
        cm.putObject("data").put("k", value);
        return cm;
    }

    /**
     * An object's resourceVersion as a number. Clients must treat it as opaque; the labs compare it
     * with etcd's revisions, which is what it is in this API server, as in kube-apiserver.
     */
    public static long rv(JsonNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }

    /** The data of a ConfigMap, keys sorted: {@code {bar=A, baz=0}}. */
    public static Map<String, String> data(JsonNode object) {
        Map<String, String> data = new TreeMap<>();
        object.path("data").fields().forEachRemaining(e -> data.put(e.getKey(), e.getValue().asText()));
        return data;
    }
}
