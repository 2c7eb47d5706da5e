package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Reference answer to exercise 3.6: the Status bodies of write errors.
 *
 * <p>One builder for the three: they differ only in code, reason and message. An ObjectNode keeps
 * the order of its fields, which is the order of the Go struct's fields on the wire.
 */
public final class StatusErrors {

    private static final ObjectMapper JSON = new ObjectMapper();

    private StatusErrors() {
    }

    public static final String OPTIMISTIC_LOCK_ERROR_MSG =
            "the object has been modified; please apply your changes to the latest version and try again";

    public static String conflict(String group, String resource, String name, String detail) {
        return status(409, "Conflict", "Operation cannot be fulfilled on " + qualified(group, resource) + " \"" + name + "\": "
                + detail, group, resource, name);
    }

    public static String staleUpdate(String group, String resource, String name) {
        return conflict(group, resource, name, OPTIMISTIC_LOCK_ERROR_MSG);
    }

    public static String alreadyExists(String group, String resource, String name) {
        return status(409, "AlreadyExists", qualified(group, resource) + " \"" + name + "\" already exists", group, resource, name);
    }

    public static String notFound(String group, String resource, String name) {
        return status(404, "NotFound", qualified(group, resource) + " \"" + name + "\" not found", group, resource, name);
    }

    private static String status(int code, String reason, String message, String group, String resource, String name) {
        ObjectNode status = JSON.createObjectNode();
        status.put("kind", "Status").put("apiVersion", "v1");
        status.putObject("metadata");
        status.put("status", "Failure").put("message", message).put("reason", reason);
        ObjectNode details = status.putObject("details");
        details.put("name", name);
        if (!group.isEmpty()) {
            details.put("group", group);
        }
        details.put("kind", resource);
        status.put("code", code);
        try {
            return JSON.writeValueAsString(status);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Kubernetes' {@code GroupResource.String()}. */
    private static String qualified(String group, String resource) {
        return group.isEmpty() ? resource : resource + "." + group;
    }
}
