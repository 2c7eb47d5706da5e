package io.rvlab.ch02.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes JSON answers the way kube-apiserver (Go's net/http) frames them: the body ends with one
 * newline; a body of up to 2048 bytes is sent with {@code Content-Length}, a longer one with
 * {@code Transfer-Encoding: chunked} (Go buffers 2 KiB before it has to start chunking).
 */
public final class JsonResponses {

    /** Go's net/http buffers this much of a body before it commits to chunked encoding. */
    public static final int CONTENT_LENGTH_LIMIT = 2048;

    private JsonResponses() {
    }

    /** The headers of every JSON answer, a watch stream's included. */
    public static Map<String, String> jsonHeaders() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Cache-Control", "no-cache, private");
        return headers;
    }

    // tag::write[]
    public static void send(ResponseStream response, int code, JsonNode body, boolean pretty) {
        send(response, code, body, pretty, jsonHeaders());
    }

    /** An error (or success) Status: its code is the HTTP status; retryAfterSeconds becomes Retry-After. */
    public static void send(ResponseStream response, Status status, boolean pretty) {
        Map<String, String> headers = jsonHeaders();
        if (status.retryAfterSeconds() > 0) {
            headers.put("Retry-After", Integer.toString(status.retryAfterSeconds()));
        }
        send(response, status.code(), status.toJson(), pretty, headers);
    }

    private static void send(ResponseStream response, int code, JsonNode body, boolean pretty,
            Map<String, String> headers) {
        byte[] bytes = ((pretty ? GoJson.pretty(body) : GoJson.compact(body)) + "\n").getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= CONTENT_LENGTH_LIMIT) {
            response.send(code, headers, bytes);
        } else {
            response.begin(code, headers); // chunked, as Go once its 2 KiB buffer is full
            response.write(bytes);
            response.flush();
            response.end();
        }
    }
    // end::write[]

    /** A plain-text answer, for the health endpoints. */
    public static void text(ResponseStream response, int code, String text) {
        response.send(code, Map.of("Content-Type", "text/plain; charset=utf-8"), text.getBytes(StandardCharsets.UTF_8));
    }
}
