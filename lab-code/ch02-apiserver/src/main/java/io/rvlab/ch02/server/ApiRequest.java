package io.rvlab.ch02.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import io.rvlab.ch02.api.ProtobufBodies;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.storage.GoJson;
import io.rvlab.ch02.storage.GoJsonSyntax;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP request as the API sees it: the method, the path split into decoded segments, the
 * query parameters (the first value of each, as Go's {@code Query().Get}), and the body read as a
 * JSON object with Kubernetes' checks (content type, size, syntax).
 */
public final class ApiRequest {

    /** kube-apiserver's request body limit (3 MiB). */
    public static final int MAX_BODY_BYTES = 3 * 1024 * 1024;

    /** How much of a too-large body is still read (and thrown away) so the 413 reaches the client. */
    static final long DISCARD_LIMIT = 64L * 1024 * 1024;

    /**
     * The body formats this server reads: JSON, and (for the kinds kubectl's typed clients send
     * that way) Kubernetes protobuf.
     */
    public static final List<String> ACCEPTED_MEDIA_TYPES = List.of("application/json", ProtobufBodies.MEDIA_TYPE);

    private final HttpExchange exchange;
    private final List<String> segments;
    private final Map<String, String> query;
    private byte[] body;

    public ApiRequest(HttpExchange exchange) {
        this.exchange = exchange;
        this.segments = segments(exchange.getRequestURI().getRawPath());
        this.query = query(exchange.getRequestURI().getRawQuery());
    }

    public String method() {
        return exchange.getRequestMethod().toUpperCase(Locale.ROOT);
    }

    /** The path's segments, percent-decoded; "/api/v1/namespaces" is [api, v1, namespaces]. */
    public List<String> segments() {
        return segments;
    }

    public String path() {
        return exchange.getRequestURI().getRawPath();
    }

    /** A query parameter's first value, or "" if it was not sent. */
    public String param(String name) {
        return query.getOrDefault(name, "");
    }

    /** Whether a query parameter was sent at all (even empty). */
    public boolean hasParam(String name) {
        return query.containsKey(name);
    }

    public String header(String name) {
        String value = exchange.getRequestHeaders().getFirst(name);
        return value == null ? "" : value;
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
     * The body's bytes as sent, whatever the content type (read once, then kept): for bodies that
     * are not a JSON object, such as chapter 3's patches and DeleteOptions.
     *
     * @throws io.rvlab.ch02.api.StatusException 413 for a body over 3 MiB
     */
    public byte[] rawBody() {
        if (body == null) {
            body = readBody();
        }
        return body;
    }

    private byte[] readBody() {
        try (InputStream in = exchange.getRequestBody()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                if (out.size() > MAX_BODY_BYTES) {
                    discardRest(in, buffer);
                    throw Status.requestEntityTooLarge("limit is " + MAX_BODY_BYTES).exception();
                }
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw Status.badRequest("unable to read the request body: " + e.getMessage()).exception();
        }
    }

    /**
     * Reads what is left of a too-large body, up to {@link #DISCARD_LIMIT} bytes. A server that
     * answers while the client is still sending, and then closes the connection, makes the TCP
     * stack reset it, and the client loses the answer; read to the end, the 413 arrives.
     */
    private static void discardRest(InputStream in, byte[] buffer) throws IOException {
        long discarded = 0;
        int n;
        while (discarded < DISCARD_LIMIT && (n = in.read(buffer)) >= 0) {
            discarded += n;
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
