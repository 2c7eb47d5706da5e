package io.rvlab.ch06.labs;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.support.lab.Narrator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * An object's metadata.managedFields as the labs print them: one row per entry (manager,
 * operation, apiVersion, subresource when there is one) and the fields it owns, read from its
 * FieldsV1 and written as the paths of a conflict message ({@code .data.color},
 * {@code .spec.template.spec.containers[name="web"].image}). Only the leaves are listed: owning
 * {@code .data.color} implies the {@code "."} of {@code .data}. The {@code time} of each entry is
 * left out: it changes from run to run; so the rows are sorted without it (Apply before Update, as kube
 * sorts, then by manager), where kube puts the older entry first.
 */
final class ManagedFieldsTable {

    private static final int WIDTH = 110;

    private ManagedFieldsTable() {
    }

    /** One owner of some fields: the entry's manager, operation, apiVersion and subresource. */
    record Entry(String manager, String operation, String apiVersion, String subresource, List<String> fields) {
    }

    static List<Entry> entries(JsonNode object) {
        List<Entry> entries = new ArrayList<>();
        for (JsonNode e : object.path("metadata").path("managedFields")) {
            entries.add(new Entry(e.path("manager").asText(), e.path("operation").asText(), e.path("apiVersion").asText(),
                    e.path("subresource").asText(""), paths(e.path("fieldsV1"))));
        }
        entries.sort(Comparator.comparing(Entry::operation).thenComparing(Entry::manager).thenComparing(Entry::apiVersion)
                .thenComparing(Entry::subresource));
        return entries;
    }

    /** field path -> the managers owning it (sorted by name, whatever the entries' times), fields sorted. */
    static Map<String, List<String>> owners(JsonNode object) {
        Map<String, List<String>> owners = new TreeMap<>();
        for (Entry entry : entries(object)) {
            for (String field : entry.fields()) {
                owners.computeIfAbsent(field, f -> new ArrayList<>()).add(entry.manager());
            }
        }
        owners.values().forEach(list -> list.sort(null));
        return owners;
    }

    /** Prints the table under an answer, listing the fields {@code focus} accepts and counting the others. */
    static void print(Narrator out, JsonNode object, Predicate<String> focus) {
        List<Entry> entries = entries(object);
        if (entries.isEmpty()) {
            out.show("managedFields: (none)");
            return;
        }
        int manager = Math.max(7, entries.stream().mapToInt(e -> e.manager().length()).max().orElse(0)) + 2;
        int version = Math.max(10, entries.stream().mapToInt(e -> e.apiVersion().length()).max().orElse(0)) + 2;
        boolean subresources = entries.stream().anyMatch(e -> !e.subresource().isEmpty());
        String format = "  %-" + manager + "s%-11s%-" + version + "s" + (subresources ? "%-13s" : "%s") + "%s";
        out.show("managedFields:");
        out.show(format, "manager", "operation", "apiVersion", subresources ? "subresource" : "", "fields");
        int indent = 2 + manager + 11 + version + (subresources ? 13 : 0);
        for (Entry e : entries) {
            List<String> shown = new ArrayList<>(e.fields().stream().filter(focus).toList());
            int hidden = e.fields().size() - shown.size();
            if (hidden > 0) {
                shown.add("(and " + hidden + " more)");
            }
            List<String> lines = wrap(shown, WIDTH - indent);
            out.show(format, e.manager(), e.operation(), e.apiVersion(), subresources ? e.subresource() : "", lines.get(0));
            for (String more : lines.subList(1, lines.size())) {
                out.show("%s%s", " ".repeat(indent), more);
            }
        }
    }

    private static List<String> wrap(List<String> fields, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String field : fields) {
            if (line.length() > 0 && line.length() + 2 + field.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? "  " : "").append(field);
        }
        lines.add(line.length() > 0 ? line.toString() : "(nothing)");
        return lines;
    }

    // tag::fieldsv1-paths[]
    /** The leaf paths of a FieldsV1 set, sorted as FieldsV1 orders its keys. */
    static List<String> paths(JsonNode fieldsV1) {
        List<String> paths = new ArrayList<>();
        collect(fieldsV1, "", paths);
        return paths;
    }

    private static void collect(JsonNode node, String prefix, List<String> paths) {
        boolean leaf = true;
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (key.equals(".")) {
                continue;
            }
            leaf = false;
            collect(node.get(key), prefix + element(key), paths);
        }
        if (leaf && !prefix.isEmpty()) {
            paths.add(prefix);
        }
    }

    /** "f:data" -> .data, "k:{"name":"web"}" -> [name="web"], "v:"x"" -> [="x"], "i:0" -> [0]. */
    static String element(String key) {
        String body = key.substring(2);
        return switch (key.substring(0, 2)) {
            case "f:" -> "." + body;
            case "k:" -> {
                Map<String, String> fields = new LinkedHashMap<>();
                read(body).fields().forEachRemaining(e -> fields.put(e.getKey(), e.getValue().toString()));
                StringBuilder text = new StringBuilder("[");
                fields.forEach((k, v) -> text.append(text.length() > 1 ? "," : "").append(k).append('=').append(v));
                yield text.append(']').toString();
            }
            case "v:" -> "[=" + body + "]";
            case "i:" -> "[" + body + "]";
            default -> "[?" + key + "]";
        };
    }
    // end::fieldsv1-paths[]

    private static JsonNode read(String json) {
        try {
            return GoJson.read(json.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON in a FieldsV1 key: " + json, e);
        }
    }
}
