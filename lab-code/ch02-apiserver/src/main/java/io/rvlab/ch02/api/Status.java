package io.rvlab.ch02.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A Kubernetes {@code Status}: how the API answers every error (and some successes). Clients read
 * {@code reason} and {@code code}, not the message; client-go's {@code apierrors.IsNotFound},
 * {@code IsAlreadyExists}, {@code IsResourceExpired} and friends test exactly these fields.
 *
 * <p>The JSON has Go's field order: {@code kind, apiVersion, metadata, status, message, reason,
 * details{name, group, kind, uid, causes[{reason, message, field}], retryAfterSeconds}, code};
 * empty fields are left out, except {@code metadata}, which is always there (as {@code {}}).
 * The constructors reproduce apimachinery's {@code errors.New...} messages.
 */
public class Status {

    /** One entry of {@code details.causes}. Each part may be null (left out). */
    public record Cause(String reason, String message, String field) {
    }

    /** {@code details}. A Status may carry an empty details object ({@code {}}) or none at all. */
    public record Details(String name, String group, String kind, String uid, List<Cause> causes, int retryAfterSeconds) {

        public static final Details EMPTY = new Details(null, null, null, null, List.of(), 0);

        public Details {
            causes = causes == null ? List.of() : List.copyOf(causes);
        }
    }

    private final String status;
    private final String message;
    private final String reason;
    private final Details details;
    private final int code;
    private final String continueToken;

    public Status(String status, String message, String reason, Details details, int code, String continueToken) {
        this.status = status;
        this.message = message;
        this.reason = reason;
        this.details = details;
        this.code = code;
        this.continueToken = continueToken;
    }

    /** A failure with the given code, reason and message. */
    public static Status failure(int code, String reason, String message, Details details) {
        return new Status("Failure", message, reason, details, code, null);
    }

    // tag::constructors[]
    /** 404: {@code configmaps "foo" not found}. */
    public static Status notFound(GroupResource resource, String name) {
        return failure(404, "NotFound", resource + " " + GoJson.quote(name) + " not found",
                new Details(name, resource.group(), resource.resource(), null, null, 0));
    }

    /** 409: {@code configmaps "foo" already exists}. */
    public static Status alreadyExists(GroupResource resource, String name) {
        return failure(409, "AlreadyExists", resource + " " + GoJson.quote(name) + " already exists",
                new Details(name, resource.group(), resource.resource(), null, null, 0));
    }

    /**
     * 422: {@code ConfigMap "Bad" is invalid: metadata.name: Invalid value: "Bad": ...}; one cause
     * per field error; several errors are joined as {@code [e1, e2]}.
     */
    public static Status invalid(GroupKind kind, String name, List<FieldError> errors) {
        List<Cause> causes = new ArrayList<>();
        Set<String> texts = new LinkedHashSet<>();
        for (FieldError error : errors) {
            causes.add(new Cause(error.type().reason(), error.body(), error.field()));
            texts.add(error.toString());
        }
        String aggregate = texts.size() == 1 ? texts.iterator().next() : "[" + String.join(", ", texts) + "]";
        String message = kind + " " + GoJson.quote(name) + " is invalid" + (texts.isEmpty() ? "" : ": " + aggregate);
        return failure(422, "Invalid", message, new Details(name, kind.group(), kind.kind(), null, causes, 0));
    }

    /** 400 with the given message and no details. */
    public static Status badRequest(String message) {
        return failure(400, "BadRequest", message, null);
    }

    /** 410 Expired, optionally with a continue token in {@code metadata.continue}. */
    public static Status expired(String message, String continueToken) {
        return new Status("Failure", message, "Expired", null, 410, continueToken);
    }

    /**
     * 504 Timeout {@code Timeout: Too large resource version: N, current: C}, with the cause
     * client-go looks for (ResourceVersionTooLarge) and, if positive, {@code retryAfterSeconds}
     * (the server then also sends a {@code Retry-After} header).
     */
    public static Status tooLargeResourceVersion(long requested, long current, int retryAfterSeconds) {
        String what = "Too large resource version: " + requested + ", current: " + current;
        Cause cause = new Cause("ResourceVersionTooLarge", "Too large resource version", null);
        return failure(504, "Timeout", "Timeout: " + what,
                new Details(null, null, null, null, List.of(cause), retryAfterSeconds));
    }

    /** 415: a request body in a format this server does not read. */
    public static Status unsupportedMediaType(List<String> accepted) {
        return failure(415, "UnsupportedMediaType",
                "the body of the request was in an unknown format - accepted media types include: "
                        + String.join(", ", accepted), null);
    }

    /**
     * 405 for a verb a resource's storage does not implement, such as {@code watch} on a storage
     * without watch support: {@code watch is not supported on resources of kind "configmaps"}.
     */
    public static Status methodNotSupported(GroupResource resource, String verb) {
        return failure(405, "MethodNotAllowed", verb + " is not supported on resources of kind " + GoJson.quote(resource.toString()),
                new Details(null, resource.group(), resource.resource(), null, null, 0));
    }

    /** 405: a verb this endpoint does not serve (what kube-apiserver's router answers). */
    public static Status methodNotAllowed() {
        return failure(405, "MethodNotAllowed", "the server does not allow this method on the requested resource",
                Details.EMPTY);
    }

    /** 404 for a path that names no resource at all. */
    public static Status pathNotFound() {
        return failure(404, "NotFound", "the server could not find the requested resource", Details.EMPTY);
    }

    /** 413: a body larger than the server reads. */
    public static Status requestEntityTooLarge(String limit) {
        return failure(413, "RequestEntityTooLarge", "Request entity too large: " + limit, null);
    }

    /**
     * 401: the request carries no credentials the server accepts (none, or a wrong token). The body
     * kube-apiserver's authentication filter sends, message and reason both {@code Unauthorized},
     * no details (k8s.io/apiserver pkg/endpoints/filters authentication.go). It says nothing about
     * why, so a client cannot tell a wrong token from a missing one.
     */
    public static Status unauthorized() {
        return failure(401, "Unauthorized", "Unauthorized", null);
    }

    /** 500: the server's own fault, never the client's. */
    public static Status internalError(String error) {
        return failure(500, "InternalError", "Internal error occurred: " + error,
                new Details(null, null, null, null, List.of(new Cause(null, error, null)), 0));
    }
    // end::constructors[]

    // tag::from-json[]
    /**
     * Reads a Status body back, as a client receives it: the one decoder every client in the
     * course uses (for an HTTP error answer and for the Status inside a watch's ERROR event alike).
     * It keeps everything {@link #toJson} writes, {@code details.causes} included: client-go's
     * reflector recognises a too-large resourceVersion by its {@code ResourceVersionTooLarge} cause
     * (k8s.io/client-go tools/cache/reflector.go, isTooLargeResourceVersionError), and an apply
     * conflict names its contested fields only there. {@code httpCode} stands in when the body has
     * no {@code code} (a body that is no Status at all keeps the HTTP status).
     */
    public static Status fromJson(JsonNode json, int httpCode) {
        JsonNode d = json.path("details");
        Details details = null;
        if (d.isObject()) {
            List<Cause> causes = new ArrayList<>();
            for (JsonNode c : d.path("causes")) {
                causes.add(new Cause(text(c, "reason"), text(c, "message"), text(c, "field")));
            }
            details = new Details(text(d, "name"), text(d, "group"), text(d, "kind"), text(d, "uid"), causes,
                    d.path("retryAfterSeconds").asInt(0));
        }
        return new Status(json.path("status").asText("Failure"), json.path("message").asText(""),
                text(json, "reason"), details, json.path("code").asInt(httpCode), text(json.path("metadata"), "continue"));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }
    // end::from-json[]

    public String status() {
        return status;
    }

    public String message() {
        return message;
    }

    public String reason() {
        return reason;
    }

    public Details details() {
        return details;
    }

    public int code() {
        return code;
    }

    /** The value of {@code details.retryAfterSeconds}, or 0; the server sends it as {@code Retry-After}. */
    public int retryAfterSeconds() {
        return details == null ? 0 : details.retryAfterSeconds();
    }

    public String continueToken() {
        return continueToken;
    }

    /** This Status as an exception, for code that unwinds to the HTTP layer. */
    public StatusException exception() {
        return new StatusException(this);
    }

    // tag::to-json[]
    /** The Status as Kubernetes writes it, fields in Go's order, empty ones left out. */
    public ObjectNode toJson() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode json = f.objectNode();
        json.put("kind", "Status");
        json.put("apiVersion", "v1");
        ObjectNode metadata = json.putObject("metadata");
        putIfPresent(metadata, "continue", continueToken);
        putIfPresent(json, "status", status);
        putIfPresent(json, "message", message);
        putIfPresent(json, "reason", reason);
        if (details != null) {
            ObjectNode d = json.putObject("details");
            putIfPresent(d, "name", details.name());
            putIfPresent(d, "group", details.group());
            putIfPresent(d, "kind", details.kind());
            putIfPresent(d, "uid", details.uid());
            if (!details.causes().isEmpty()) {
                ArrayNode causes = d.putArray("causes");
                for (Cause cause : details.causes()) {
                    ObjectNode c = causes.addObject();
                    putIfPresent(c, "reason", cause.reason());
                    putIfPresent(c, "message", cause.message());
                    putIfPresent(c, "field", cause.field());
                }
            }
            if (details.retryAfterSeconds() > 0) {
                d.put("retryAfterSeconds", details.retryAfterSeconds());
            }
        }
        if (code != 0) {
            json.put("code", code);
        }
        return json;
    }
    // end::to-json[]

    private static void putIfPresent(ObjectNode node, String field, String value) {
        if (value != null && !value.isEmpty()) {
            node.put(field, value);
        }
    }

    @Override
    public String toString() {
        return GoJson.compact(toJson());
    }
}
