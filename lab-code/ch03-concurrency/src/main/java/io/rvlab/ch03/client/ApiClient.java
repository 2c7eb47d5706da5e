package io.rvlab.ch03.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A small typed client over {@code java.net.http}: get, create (POST), update (PUT), merge patch and
 * delete, each returning the object the server sent back. A 409 Conflict throws a {@link
 * ConflictException}, a 409 AlreadyExists an {@link AlreadyExistsException}, any other failure a
 * {@link StatusException}, each carrying the server's Status.
 *
 * <p>A {@link Listener} sees every request and answer: the labs print them as curl lines.
 *
 * <p>Later chapters' clients send their own requests through {@link #send} (chapter 6's apply client:
 * other paths and content types, its own User-Agent by {@link #withUserAgent}), so the request, the
 * answer and the errors are built in one place.
 */
public final class ApiClient {

    /** Sees each request before it is sent, and each answer. */
    public interface Listener {
        void sent(String method, String path, String contentType, String body);

        void received(String method, String path, int code, JsonNode body);
    }

    private static final Listener SILENT = new Listener() {
        @Override
        public void sent(String method, String path, String contentType, String body) {
        }

        @Override
        public void received(String method, String path, int code, JsonNode body) {
        }
    };

    private final URI server;
    private final Listener listener;
    private final String userAgent;
    private final HttpClient http;

    public ApiClient(URI server) {
        this(server, SILENT, "rvlab-client/1.0", HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build());
    }

    private ApiClient(URI server, Listener listener, String userAgent, HttpClient http) {
        this.server = server;
        this.listener = listener;
        this.userAgent = userAgent;
        this.http = http;
    }

    /** The same client, telling {@code listener} about every request. */
    public ApiClient withListener(Listener listener) {
        return new ApiClient(server, listener, userAgent, http);
    }

    /**
     * The same client with another User-Agent (client-go's {@code rest.Config.UserAgent}): the server
     * logs it, and from chapter 6 on records a write without a field manager under it.
     */
    public ApiClient withUserAgent(String userAgent) {
        return new ApiClient(server, listener, userAgent, http);
    }

    public ObjectNode get(String path) {
        return send("GET", path, null, null);
    }

    public ObjectNode create(String collectionPath, ObjectNode object) {
        return send("POST", collectionPath, "application/json", GoJson.compact(object));
    }

    // tag::update[]
    /** PUT: the whole object. With metadata.resourceVersion it is conditional, without it (for ConfigMaps) not. */
    public ObjectNode update(String path, ObjectNode object) {
        return send("PUT", path, "application/json", GoJson.compact(object));
    }
    // end::update[]

    /** A JSON merge patch (RFC 7386). */
    public ObjectNode patch(String path, String mergePatch) {
        return send("PATCH", path, "application/merge-patch+json", mergePatch);
    }

    /** DELETE; returns what the server sent (the object, or a Success Status). */
    public ObjectNode delete(String path) {
        return send("DELETE", path, null, null);
    }

    /**
     * Any request: {@code method} on {@code path} (with its query), a {@code body} of {@code
     * contentType} or none (both null). Returns the object the server sent back; an error answer is
     * thrown as described above.
     */
    public ObjectNode send(String method, String path, String contentType, String body) {
        listener.sent(method, path, contentType, body);
        HttpRequest.Builder request = withBody(HttpRequest.newBuilder(server.resolve(path))
                .header("Accept", "application/json")
                .header("User-Agent", userAgent), method, contentType, body);
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("the API server did not answer: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        JsonNode json;
        try {
            json = GoJson.read(response.body().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + ": not JSON (" + response.statusCode() + "): "
                    + response.body(), e);
        }
        listener.received(method, path, response.statusCode(), json);
        // tag::errors[]
        if (response.statusCode() >= 400) {
            Status status = Status.fromJson(json, response.statusCode());
            throw switch (String.valueOf(status.reason())) {
                case "Conflict" -> new ConflictException(status);         // a stale read: read again, retry
                case "AlreadyExists" -> new AlreadyExistsException(status); // a taken name: retrying cannot help
                default -> new StatusException(status);
            };
        }
        // end::errors[]
        if (!(json instanceof ObjectNode object)) {
            throw new IllegalStateException(method + " " + path + ": expected an object, got " + json);
        }
        return object;
    }

    /**
     * {@code request} as {@code method}, carrying {@code body} (UTF-8) of {@code contentType} or none
     * (both null), given 30 seconds: the part of a request every client in the course writes alike,
     * whatever else (address, credentials) it sets.
     */
    public static HttpRequest.Builder withBody(HttpRequest.Builder request, String method, String contentType, String body) {
        request.timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return request;
    }
}
