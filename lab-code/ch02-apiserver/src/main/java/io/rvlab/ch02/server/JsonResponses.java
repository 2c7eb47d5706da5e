package io.rvlab.ch02.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.storage.GoJson;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

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

    // tag::write[]
    public static void send(HttpExchange exchange, int code, JsonNode body, boolean pretty) throws IOException {
        byte[] bytes = ((pretty ? GoJson.pretty(body) : GoJson.compact(body)) + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.getResponseHeaders().set("Cache-Control", "no-cache, private");
        // length 0 tells the JDK server to use chunked encoding
        exchange.sendResponseHeaders(code, bytes.length <= CONTENT_LENGTH_LIMIT ? bytes.length : 0);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** An error (or success) Status: its code is the HTTP status; retryAfterSeconds becomes Retry-After. */
    public static void send(HttpExchange exchange, Status status, boolean pretty) throws IOException {
        if (status.retryAfterSeconds() > 0) {
            exchange.getResponseHeaders().set("Retry-After", Integer.toString(status.retryAfterSeconds()));
        }
        send(exchange, status.code(), status.toJson(), pretty);
    }
    // end::write[]

    /** A plain-text answer, for the health endpoints. */
    public static void text(HttpExchange exchange, int code, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(code, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
