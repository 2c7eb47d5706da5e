package io.rvlab.ch02.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.protobuf.ProtobufBodies;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.wire.gojson.GoJsonSyntax;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One HTTP request as the API sees it, whatever server received it: the method, the path split
 * into decoded segments, the query parameters (the first value of each, as Go's
 * {@code Query().Get}), the headers (names in any case, as Go's {@code Header.Get}), and the body
 * read as a JSON object with Kubernetes' checks (content type, size, syntax).
 */
public final class ApiRequest {

    /** kube-apiserver's request body limit (3 MiB). */
    public static final int MAX_BODY_BYTES = 3 * 1024 * 1024;

    /**
     * How much of a too-large body the transport still reads (and throws away) so the 413 reaches
     * the client. A server that answers while the client is still sending, and then closes the
     * connection, makes the TCP stack reset it, and the client loses the answer; read to the end,
     * the 413 arrives.
     */
    public static final long DISCARD_LIMIT = 64L * 1024 * 1024;

    /**
     * The body formats this server reads: JSON, and (for the kinds kubectl's typed clients send
     * that way) Kubernetes protobuf.
     */
    public static final List<String> ACCEPTED_MEDIA_TYPES = List.of("application/json", ProtobufBodies.MEDIA_TYPE);

    private final String method;
    private final String uri;
    private final Map<String, List<String>> headers;
    private final byte[] body; // null: it was over MAX_BODY_BYTES, and was read only to be thrown away
    private final List<String> segments;
    private final Map<String, String> query;

    /**
     * A request as it came: {@code uri} as sent (the raw path and query, such as
     * {@code /api/v1/namespaces?limit=1}), header names in any case, and the whole body ({@code null}
     * if it was over {@link #MAX_BODY_BYTES}: the transport then read and threw it away, so that
     * {@link #rawBody()} answers 413 when a handler needs it).
     */
    public ApiRequest(String method, String uri, Map<String, List<String>> headers, byte[] body) {
        this.method = method;
        this.uri = uri;
        this.headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, values) -> this.headers.computeIfAbsent(name, n -> new ArrayList<>()).addAll(values));
        this.body = body;
        int q = uri.indexOf('?');
        checkEscapes(q < 0 ? uri : uri.substring(0, q));
        this.segments = segments(q < 0 ? uri : uri.substring(0, q));
        this.query = query(q < 0 ? null : uri.substring(q + 1));
    }

    public String method() {
        return method.toUpperCase(Locale.ROOT);
    }

    /** The request's target as sent: the raw path and query. */
    public String uri() {
        return uri;
    }

    /** The path's segments, percent-decoded; "/api/v1/namespaces" is [api, v1, namespaces]. */
    public List<String> segments() {
        return segments;
    }

    public String path() {
        int q = uri.indexOf('?');
        return q < 0 ? uri : uri.substring(0, q);
    }

    /** A query parameter's first value, or "" if it was not sent. */
    public String param(String name) {
        return query.getOrDefault(name, "");
    }

    /** Whether a query parameter was sent at all (even empty). */
    public boolean hasParam(String name) {
        return query.containsKey(name);
    }

    /** A header's first value (the name in any case), or "" if it was not sent. */
    public String header(String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? "" : values.get(0);
    }

    /**
     * Whether to indent the JSON: {@code ?pretty=} decides if given (Go's ParseBool); otherwise
     * kube-apiserver indents for curl and wget, whose users read the answer themselves.
     */
    public boolean pretty() {
        if (hasParam("pretty")) {
            return switch (param("pretty")) {
                case "1", "t", "T", "TRUE", "true", "True" -> true;
                default -> false;
            };
        }
        String agent = header("User-Agent");
        return agent.startsWith("curl") || agent.startsWith("Wget");
    }

    // tag::body[]
    /**
     * The body as a JSON object.
     *
     * @throws io.rvlab.ch02.api.StatusException 415 for a content type other than JSON (or protobuf
     *         of a kind this server can read), 413 for a
     *         body over 3 MiB, 400 for anything that is not a JSON object
     */
    public ObjectNode jsonBody() {
        String contentType = header("Content-Type");
        String mediaType = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (!mediaType.isEmpty() && !ACCEPTED_MEDIA_TYPES.contains(mediaType)) {
            throw Status.unsupportedMediaType(ACCEPTED_MEDIA_TYPES).exception();
        }
        byte[] body = rawBody();
        if (mediaType.equals(ProtobufBodies.MEDIA_TYPE)) {
            return ProtobufBodies.toJson(body);
        }
        Optional<String> syntaxError = GoJsonSyntax.check(body);
        if (syntaxError.isPresent()) {
            throw Status.badRequest("couldn't get version/kind; json parse error: " + syntaxError.get()).exception();
        }
        JsonNode json;
        try {
            json = GoJson.read(body);
        } catch (IOException e) {
            throw Status.badRequest("couldn't get version/kind; json parse error: " + e.getMessage()).exception();
        }
        if (!(json instanceof ObjectNode object)) {
            String type = json.isArray() ? "array" : json.isTextual() ? "string" : json.isNumber() ? "number"
                    : json.isBoolean() ? "bool" : "null";
            throw Status.badRequest("couldn't get version/kind; json parse error: json: cannot unmarshal " + type
                    + " into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; "
                    + "Kind string \"json:\\\"kind,omitempty\\\"\" }").exception();
        }
        return object;
    }
    // end::body[]

    /**
     * The body's bytes as sent, whatever the content type: for bodies that
     * are not a JSON object, such as chapter 3's patches and DeleteOptions.
     *
     * @throws io.rvlab.ch02.api.StatusException 413 for a body over 3 MiB
     */
    public byte[] rawBody() {
        if (body == null) {
            throw Status.requestEntityTooLarge("limit is " + MAX_BODY_BYTES).exception();
        }
        return body;
    }

    /**
     * A path with a malformed %-escape (such as {@code %zz}) is refused before any handler runs, as
     * Go's net/http refuses the request line (there a plain 400; here a 400 Status).
     */
    private static void checkEscapes(String rawPath) {
        for (int i = rawPath.indexOf('%'); i >= 0; i = rawPath.indexOf('%', i + 1)) {
            if (i + 2 >= rawPath.length() || Character.digit(rawPath.charAt(i + 1), 16) < 0
                    || Character.digit(rawPath.charAt(i + 2), 16) < 0) {
                String escape = rawPath.substring(i, Math.min(i + 3, rawPath.length()));
                throw Status.badRequest("invalid URL escape " + GoJson.quote(escape)).exception();
            }
        }
    }

    private static List<String> segments(String rawPath) {
        List<String> segments = new ArrayList<>();
        if (rawPath == null) {
            return segments;
        }
        for (String raw : rawPath.split("/", -1)) {
            if (!raw.isEmpty()) {
                segments.add(percentDecode(raw));
            }
        }
        return segments;
    }

    /** Decodes %XX escapes only ('+' stays '+' in a path). A malformed escape is kept as written. */
    private static String percentDecode(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        try {
            return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return raw;
        }
    }

    private static Map<String, String> query(String rawQuery) {
        Map<String, String> params = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return params;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                params.putIfAbsent(URLDecoder.decode(key, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw Status.badRequest("invalid query parameter " + GoJson.quote(pair)).exception();
            }
        }
        return params;
    }
}
