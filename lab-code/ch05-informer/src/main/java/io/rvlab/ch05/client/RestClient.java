package io.rvlab.ch05.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch04.client.StatusErrors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/**
 * Reads and writes objects over HTTP with a {@link RestConfig}: GET, POST (create), PUT (update,
 * and of the /status subresource), JSON merge PATCH and DELETE, each returning the object the
 * server sent back. Chapter 3's {@link io.rvlab.ch03.client.ApiClient} does the same for the
 * course's own server, but it knows only a URL: it cannot carry a token, a client certificate or a
 * cluster's CA, which a real cluster from a kubeconfig needs, hence this client (client-go's
 * {@code rest.RESTClient}).
 *
 * <p>Errors are chapter 3's {@link StatusException} family, built by {@link StatusErrors}: a
 * {@link io.rvlab.ch03.client.ConflictException} for 409 Conflict (what
 * {@link io.rvlab.ch03.api.RetryOnConflict} retries), an
 * {@link io.rvlab.ch03.client.AlreadyExistsException}, an
 * {@link io.rvlab.ch04.client.ExpiredException} for 410, a plain {@link StatusException} otherwise.
 * A server that does not answer is an {@link UncheckedIOException}.
 */
public final class RestClient {

    /** Sees every request as it is sent and every answer (tests count writes with it, labs print them). */
    public interface Listener {
        default void sent(String method, String path, String body) {
        }

        default void received(String method, String path, int code) {
        }
    }

    private static final Listener SILENT = new Listener() { };

    private final RestConfig config;
    private final HttpClient http;
    private final Listener listener;

    public RestClient(RestConfig config) {
        this(config, config.httpClient(), SILENT);
    }

    private RestClient(RestConfig config, HttpClient http, Listener listener) {
        this.config = config;
        this.http = http;
        this.listener = listener;
    }

    /** The same client (same connections), telling {@code listener} about every request. */
    public RestClient withListener(Listener listener) {
        return new RestClient(config, http, listener);
    }

    public RestConfig config() {
        return config;
    }

    public ObjectNode get(String path) {
        return send("GET", path, null, null);
    }

    /** POST to a collection. */
    public ObjectNode create(String collectionPath, ObjectNode object) {
        return send("POST", collectionPath, "application/json", object);
    }

    /** PUT of the whole object; conditional on its metadata.resourceVersion when it has one (409 if stale). */
    public ObjectNode update(String path, ObjectNode object) {
        return send("PUT", path, "application/json", object);
    }

    /** PUT to the /status subresource: only the status is taken; conditional like {@link #update}. */
    public ObjectNode updateStatus(String path, ObjectNode object) {
        return send("PUT", path + "/status", "application/json", object);
    }

    /** A JSON merge patch (RFC 7386); a metadata.resourceVersion in it makes it conditional. */
    public ObjectNode patch(String path, ObjectNode mergePatch) {
        return send("PATCH", path, "application/merge-patch+json", mergePatch);
    }

    /** A JSON merge patch of the /status subresource. */
    public ObjectNode patchStatus(String path, ObjectNode mergePatch) {
        return send("PATCH", path + "/status", "application/merge-patch+json", mergePatch);
    }

    /** DELETE; returns what the server sent (the object, or a Success Status). */
    public ObjectNode delete(String path) {
        return send("DELETE", path, null, null);
    }

    private ObjectNode send(String method, String path, String contentType, ObjectNode object) {
        String body = object == null ? null : GoJson.compact(object);
        listener.sent(method, path, body);
        // The address and credentials are the config's; method, body and timeout are set as chapter 3's client sets them.
        HttpRequest.Builder request = ApiClient.withBody(config.request(path), method, contentType, body);
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + ": the API server did not answer: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(method + " " + path + ": interrupted", e);
        }
        int code = response.statusCode();
        listener.received(method, path, code);
        JsonNode json = json(response.body());
        if (code >= 400) {
            // A proxy or load balancer may answer without a Status: keep its code and words.
            JsonNode status = json != null && json.isObject() && json.has("kind") ? json
                    : JsonNodeFactory.instance.objectNode().put("message", method + " " + path + ": HTTP " + code
                            + ": " + abbreviate(response.body()));
            throw StatusErrors.fromObject(status, code);
        }
        if (!(json instanceof ObjectNode result)) {
            throw new IllegalStateException(method + " " + path + ": expected a JSON object (" + code + "), got "
                    + abbreviate(response.body()));
        }
        return result;
    }

    private static JsonNode json(String body) {
        try {
            return body.isEmpty() ? null : GoJson.read(body.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            return null;
        }
    }

    private static String abbreviate(String text) {
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
