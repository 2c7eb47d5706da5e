package io.rvlab.ch02.wire.table;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Server-side printing (apiserver's TableConvertor): when kubectl asks for
 * {@code application/json;as=Table;v=v1;g=meta.k8s.io}, the server answers a {@code Table} with the
 * columns kubectl shows ({@code NAME DATA AGE} for ConfigMaps, {@code NAME READY UP-TO-DATE
 * AVAILABLE AGE} for Deployments) and, per row, the object's metadata. A Table of a list keeps the
 * list's resourceVersion and continue token, so {@code kubectl get --chunk-size} pages with them.
 */
public final class TableConvertor {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private record Column(String name, String type, String format, String description, int priority) {
    }

    private final Clock clock;

    public TableConvertor(Clock clock) {
        this.clock = clock;
    }

    /**
     * The Table version the Accept header asks for ("v1" or "v1beta1"), or null if it does not ask
     * for a Table before plain JSON.
     */
    public static String requestedVersion(String accept) {
        for (String option : accept.split(",")) {
            String[] parts = option.split(";");
            String mediaType = parts[0].strip().toLowerCase(Locale.ROOT);
            String as = "";
            String group = "";
            String version = "";
            for (int i = 1; i < parts.length; i++) {
                String[] kv = parts[i].strip().split("=", 2);
                String value = kv.length == 2 ? kv[1].strip() : "";
                switch (kv[0].strip()) {
                    case "as" -> as = value;
                    case "g" -> group = value;
                    case "v" -> version = value;
                    default -> { }
                }
            }
            if (as.equals("Table") && group.equals("meta.k8s.io") && (version.equals("v1") || version.equals("v1beta1"))
                    && (mediaType.equals("application/json") || mediaType.equals("*/*"))) {
                return version;
            }
            if (as.isEmpty() && (mediaType.equals("application/json") || mediaType.equals("*/*"))) {
                return null; // plain JSON is preferred to any Table listed after it
            }
        }
        return null;
    }

    /** A Table for a list ({@code kind: ...List}) or for a single object. */
    public ObjectNode convert(ResourceType type, JsonNode listOrObject, String version) {
        ObjectNode table = F.objectNode();
        table.put("kind", "Table");
        table.put("apiVersion", "meta.k8s.io/" + version);
        ObjectNode metadata = table.putObject("metadata");
        boolean isList = listOrObject.has("items");
        JsonNode listMeta = listOrObject.path("metadata");
        if (isList) {
            metadata.put("resourceVersion", listMeta.path("resourceVersion").asText());
            if (listMeta.has("continue")) {
                metadata.put("continue", listMeta.path("continue").asText());
            }
            if (listMeta.has("remainingItemCount")) {
                metadata.put("remainingItemCount", listMeta.path("remainingItemCount").asLong());
            }
        } else {
            metadata.put("resourceVersion", listMeta.path("resourceVersion").asText());
        }
        ArrayNode definitions = table.putArray("columnDefinitions");
        for (Column column : columns(type)) {
            ObjectNode definition = definitions.addObject();
            definition.put("name", column.name());
            definition.put("type", column.type());
            definition.put("format", column.format());
            definition.put("description", column.description());
            definition.put("priority", column.priority());
        }
        ArrayNode rows = table.putArray("rows");
        List<JsonNode> objects = new ArrayList<>();
        if (isList) {
            listOrObject.path("items").forEach(objects::add);
        } else {
            objects.add(listOrObject);
        }
        for (JsonNode object : objects) {
            ObjectNode row = rows.addObject();
            ArrayNode cells = row.putArray("cells");
            cells(type, object, cells);
            ObjectNode partial = row.putObject("object");
            partial.put("kind", "PartialObjectMetadata");
            partial.put("apiVersion", "meta.k8s.io/" + version);
            partial.set("metadata", object.path("metadata").deepCopy());
        }
        return table;
    }

    private static List<Column> columns(ResourceType type) {
        Column name = new Column("Name", "string", "name", "Name must be unique within a namespace.", 0);
        Column age = new Column("Age", "string", "", "CreationTimestamp is a timestamp representing the server time "
                + "when this object was created.", 0);
        return switch (type.kind()) {
            case "ConfigMap" -> List.of(name, new Column("Data", "integer", "", "Number of keys in data and binaryData.", 0), age);
            case "Namespace" -> List.of(name, new Column("Status", "string", "", "The status of the namespace", 0), age);
            case "Deployment" -> List.of(name,
                    new Column("Ready", "string", "", "Number of the pod with ready state", 0),
                    new Column("Up-to-date", "string", "", "Total number of non-terminated pods targeted by this "
                            + "deployment that have the desired template spec.", 0),
                    new Column("Available", "string", "", "Total number of available pods (ready for at least "
                            + "minReadySeconds) targeted by this deployment.", 0),
                    age,
                    new Column("Containers", "string", "", "Names of each container in the template.", 1),
                    new Column("Images", "string", "", "Images referenced by each container in the template.", 1),
                    new Column("Selector", "string", "", "Label selector for pods.", 1));
            default -> List.of(name, age);
        };
    }

    private void cells(ResourceType type, JsonNode object, ArrayNode cells) {
        cells.add(object.path("metadata").path("name").asText());
        String age = age(object.path("metadata").path("creationTimestamp").asText(""));
        switch (type.kind()) {
            case "ConfigMap" -> {
                cells.add(object.path("data").size() + object.path("binaryData").size());
                cells.add(age);
            }
            case "Namespace" -> {
                cells.add(object.path("status").path("phase").asText(""));
                cells.add(age);
            }
            case "Deployment" -> {
                JsonNode status = object.path("status");
                long replicas = object.path("spec").path("replicas").asLong(1);
                cells.add(status.path("readyReplicas").asLong(0) + "/" + replicas);
                cells.add(status.path("updatedReplicas").asLong(0));
                cells.add(status.path("availableReplicas").asLong(0));
                cells.add(age);
                List<String> names = new ArrayList<>();
                List<String> images = new ArrayList<>();
                object.path("spec").path("template").path("spec").path("containers").forEach(c -> {
                    names.add(c.path("name").asText());
                    images.add(c.path("image").asText());
                });
                cells.add(String.join(",", names));
                cells.add(String.join(",", images));
                List<String> selector = new ArrayList<>();
                object.path("spec").path("selector").path("matchLabels").properties()
                        .forEach(e -> selector.add(e.getKey() + "=" + e.getValue().asText()));
                cells.add(String.join(",", selector));
            }
            default -> cells.add(age);
        }
    }

    private String age(String creationTimestamp) {
        try {
            return humanDuration(Duration.between(Instant.parse(creationTimestamp), clock.instant()));
        } catch (DateTimeParseException e) {
            return "<unknown>";
        }
    }

    /** kubectl's short ages: 45s, 2m30s, 4h12m, 3d2h, ... (apimachinery's duration.HumanDuration rules). */
    static String humanDuration(Duration d) {
        long seconds = d.getSeconds();
        if (seconds < -1) {
            return "<invalid>";
        }
        if (seconds < 0) {
            return "0s";
        }
        if (seconds < 120) {
            return seconds + "s";
        }
        long minutes = seconds / 60;
        if (minutes < 10) {
            return seconds % 60 == 0 ? minutes + "m" : minutes + "m" + seconds % 60 + "s";
        }
        if (minutes < 180) {
            return minutes + "m";
        }
        long hours = minutes / 60;
        if (hours < 8) {
            return minutes % 60 == 0 ? hours + "h" : hours + "h" + minutes % 60 + "m";
        }
        if (hours < 48) {
            return hours + "h";
        }
        if (hours < 24 * 8) {
            return hours % 24 == 0 ? hours / 24 + "d" : hours / 24 + "d" + hours % 24 + "h";
        }
        if (hours < 24 * 365 * 2) {
            return hours / 24 + "d";
        }
        if (hours < 24 * 365 * 8) {
            long days = (hours / 24) % 365;
            return days == 0 ? hours / 24 / 365 + "y" : hours / 24 / 365 + "y" + days + "d";
        }
        return hours / 24 / 365 + "y";
    }
}
