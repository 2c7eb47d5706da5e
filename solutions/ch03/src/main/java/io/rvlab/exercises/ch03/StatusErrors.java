package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * Reference answer to exercise 3.6: the Status bodies of write errors.
 *
 * <p>One builder for the three: they differ only in code, reason and message. An ObjectNode keeps
 * the order of its fields, which is the order of the Go struct's fields on the wire.
 *
 * <p>{@link #classify} is client-go's half: {@code rest.Result.Error()} makes a {@code StatusError}
 * of a body that is a Status of status Failure, and otherwise {@code errors.NewGenericServerResponse}
 * guesses a reason from the HTTP code (and, for a 409, the method); then apimachinery's
 * {@code IsConflict} and {@code IsNotFound} trust a known reason, and fall back to the code only for
 * a reason they do not know, while {@code IsAlreadyExists} trusts the reason alone.
 */
public final class StatusErrors {

    private static final ObjectMapper JSON = new ObjectMapper();

    private StatusErrors() {
    }

    public static final String OPTIMISTIC_LOCK_ERROR_MSG =
            "the object has been modified; please apply your changes to the latest version and try again";

    public enum Classification { CONFLICT, ALREADY_EXISTS, NOT_FOUND, OTHER }

    /** apimachinery's {@code knownReasons}; the empty reason ({@code StatusReasonUnknown}) is not one of them. */
    private static final Set<String> KNOWN_REASONS = Set.of("Unauthorized", "Forbidden", "NotFound",
            "AlreadyExists", "Conflict", "Gone", "Invalid", "ServerTimeout", "StoreReadError", "Timeout",
            "TooManyRequests", "BadRequest", "MethodNotAllowed", "NotAcceptable", "RequestEntityTooLarge",
            "UnsupportedMediaType", "InternalError", "Expired", "ServiceUnavailable");

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

    public static Classification classify(String method, int httpCode, String body) {
        String reason;
        int code;
        JsonNode status = statusFailure(body);
        if (status != null) {
            // errors.FromObject: the Status itself is the error, its own reason and code.
            reason = status.path("reason").asText("");
            code = status.path("code").asInt(0);
        } else {
            // errors.NewGenericServerResponse: a reason guessed from the code alone.
            reason = switch (httpCode) {
                case 409 -> "POST".equals(method) ? "AlreadyExists" : "Conflict";
                case 404 -> "NotFound";
                default -> "";
            };
            code = httpCode;
        }
        boolean known = KNOWN_REASONS.contains(reason);
        if (reason.equals("Conflict") || (!known && code == 409)) {
            return Classification.CONFLICT;
        }
        if (reason.equals("NotFound") || (!known && code == 404)) {
            return Classification.NOT_FOUND;
        }
        if (reason.equals("AlreadyExists")) {
            return Classification.ALREADY_EXISTS;
        }
        return Classification.OTHER;
    }

    /** The body as a Status of status Failure, or null if it is no such thing (not JSON, another kind, a Success). */
    private static JsonNode statusFailure(String body) {
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (JsonProcessingException e) {
            return null;
        }
        if (json == null || !json.isObject() || !"Status".equals(json.path("kind").asText())
                || !"Failure".equals(json.path("status").asText())) {
            return null;
        }
        return json;
    }
}
