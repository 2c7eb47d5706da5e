package io.rvlab.ch02.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.ObjectMetaOrder;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads and writes the {@code metadata} of an object held as a JSON tree: the fields every
 * Kubernetes object shares (ObjectMeta). Writing keeps Kubernetes' field order.
 */
public final class ObjectMeta {

    private static final DateTimeFormatter RFC3339 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'")
            .withZone(ZoneOffset.UTC);

    private ObjectMeta() {
    }

    /** The object's metadata, created if missing. */
    public static ObjectNode of(ObjectNode object) {
        return ObjectMetaOrder.metadata(object);
    }

    public static String name(ObjectNode object) {
        return text(object, "name");
    }

    public static String generateName(ObjectNode object) {
        return text(object, "generateName");
    }

    public static String namespace(ObjectNode object) {
        return text(object, "namespace");
    }

    public static String uid(ObjectNode object) {
        return text(object, "uid");
    }

    public static String resourceVersion(ObjectNode object) {
        return text(object, "resourceVersion");
    }

    public static String creationTimestamp(ObjectNode object) {
        return text(object, "creationTimestamp");
    }

    /** {@code metadata.generation}, 0 when absent (Go's omitempty drops a zero). */
    public static long generation(ObjectNode object) {
        return object.path("metadata").path("generation").asLong(0);
    }

    /** The labels, sorted by key. */
    public static Map<String, String> labels(ObjectNode object) {
        Map<String, String> labels = new TreeMap<>();
        JsonNode node = object.path("metadata").path("labels");
        node.properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        return labels;
    }

    public static void setName(ObjectNode object, String name) {
        set(object, "name", name);
    }

    public static void setNamespace(ObjectNode object, String namespace) {
        if (namespace.isEmpty()) {
            of(object).remove("namespace");
        } else {
            set(object, "namespace", namespace);
        }
    }

    public static void setUid(ObjectNode object, String uid) {
        set(object, "uid", uid);
    }

    public static void setCreationTimestamp(ObjectNode object, Instant time) {
        set(object, "creationTimestamp", RFC3339.format(time.truncatedTo(ChronoUnit.SECONDS)));
    }

    public static void setGeneration(ObjectNode object, long generation) {
        of(object).put("generation", generation);
        ObjectMetaOrder.normalize(object);
    }

    /** Sets one label, creating {@code metadata.labels} if needed. */
    public static void setLabel(ObjectNode object, String key, String value) {
        ObjectNode metadata = of(object);
        JsonNode labels = metadata.get("labels");
        ObjectNode map = labels instanceof ObjectNode existing ? existing : metadata.putObject("labels");
        map.put(key, value);
        ObjectMetaOrder.normalize(object);
    }

    private static void set(ObjectNode object, String field, String value) {
        ObjectMetaOrder.set(object, field, value);
    }

    private static String text(ObjectNode object, String field) {
        JsonNode value = object.path("metadata").get(field);
        return value == null || value.isNull() ? "" : value.asText("");
    }
}
