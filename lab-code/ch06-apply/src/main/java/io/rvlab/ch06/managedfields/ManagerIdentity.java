package io.rvlab.ch06.managedfields;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch06.managedfields.ManagedFieldsEntry.Operation;
import java.io.IOException;
import java.time.OffsetDateTime;

/**
 * The key of one managedFields entry, as kube's BuildManagerIdentifier makes it: the entry
 * without its time and fields, serialized as JSON. An Apply identity leaves out the apiVersion
 * (a manager that applies owns one set whatever version it used); an Update identity keeps it
 * (one entry per version written). Examples: {@code {"manager":"alice","operation":"Apply"}},
 * {@code {"manager":"carol","operation":"Update","apiVersion":"v1"}},
 * {@code {"manager":"kcm","operation":"Update","apiVersion":"apps/v1","subresource":"status"}}.
 */
public final class ManagerIdentity {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ManagerIdentity() {
    }

    // tag::manager-identity[]
    /** The identity of {@code manager} writing with {@code op} through {@code subresource} ("" = main resource). */
    public static String of(String manager, Operation op, String apiVersion, String subresource) {
        ObjectNode id = JsonNodeFactory.instance.objectNode();
        if (manager != null && !manager.isEmpty()) {
            id.put("manager", manager);
        }
        id.put("operation", op.name());
        if (op == Operation.Update && apiVersion != null && !apiVersion.isEmpty()) {
            id.put("apiVersion", apiVersion);
        }
        if (subresource != null && !subresource.isEmpty()) {
            id.put("subresource", subresource);
        }
        return GoJson.compact(id);
    }

    /** The identity of an entry read from managedFields. */
    public static String of(ManagedFieldsEntry entry) {
        return of(entry.manager(), entry.operation(), entry.apiVersion(), entry.subresource());
    }

    /**
     * How a conflict names a manager (kube's printManager): {@code "alice"} for an applier,
     * {@code "carol" using v1} for an updater, {@code "x" with subresource "status"} (then
     * {@code using <version>} for an updater). A string that is no identity is just quoted.
     */
    public static String print(String identity) {
        JsonNode id;
        try {
            id = JSON.readTree(identity);
        } catch (IOException | RuntimeException e) {
            id = null;
        }
        if (!(id instanceof ObjectNode)) {
            return GoJson.quote(identity);
        }
        String printed = GoJson.quote(id.path("manager").asText(""));
        String subresource = id.path("subresource").asText("");
        if (!subresource.isEmpty()) {
            printed += " with subresource " + GoJson.quote(subresource);
        }
        if ("Update".equals(id.path("operation").asText())) {
            printed += " using " + id.path("apiVersion").asText("");
            if (id.hasNonNull("time")) { // never part of an identity kube builds, but printManager handles it
                try {
                    printed += " at " + ManagedFieldsEntry.RFC3339.format(OffsetDateTime.parse(id.get("time").asText()).toInstant());
                } catch (java.time.format.DateTimeParseException e) {
                    printed += " at " + id.get("time").asText();
                }
            }
        }
        return printed;
    }
    // end::manager-identity[]

    /**
     * The parts of an identity an entry is written from, read with one parse (an entry is written
     * on every write, so this runs for every manager of every object written).
     */
    record Parts(String manager, Operation operation, String subresource) {
    }

    /** {@code identity}'s manager ("" if none), operation (Update unless it says Apply) and subresource ("" if none). */
    static Parts parts(String identity) {
        JsonNode id;
        try {
            id = JSON.readTree(identity);
        } catch (IOException e) {
            return new Parts("", Operation.Update, "");
        }
        return new Parts(id.path("manager").asText(""),
                "Apply".equals(id.path("operation").asText()) ? Operation.Apply : Operation.Update,
                id.path("subresource").asText(""));
    }
}
