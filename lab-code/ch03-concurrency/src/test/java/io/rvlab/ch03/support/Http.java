package io.rvlab.ch03.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/** A small HTTP client for the tests: one request, the answer's code, content type and body. */
public final class Http {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newHttpClient();
    private final URI base;

    public Http(URI base) {
        this.base = base;
    }

    /** An answer; {@code body} without the trailing newline kube-apiserver (and this server) write. */
    public record Response(int code, String contentType, String body, byte[] bytes) {

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (Exception e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }

        public String rv() {
            return json().path("metadata").path("resourceVersion").asText();
        }
    }

    public Response send(String method, String path, String contentType, String body) {
        return send(method, path, contentType, body == null ? null : body.getBytes(StandardCharsets.UTF_8), "application/json");
    }

    public Response send(String method, String path, String contentType, byte[] body, String accept) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).header("Accept", accept);
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        try {
            HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Response(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    new String(response.body(), StandardCharsets.UTF_8).stripTrailing(), response.body());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Response json(String method, String path, String body) {
        return send(method, path, "application/json", body);
    }

    /** Creates a namespace no other test uses and returns its name. */
    public String namespace(String prefix) {
        String ns = Objects.uniqueNamespace(prefix);
        Response created = json("POST", "/api/v1/namespaces", "{\"metadata\":{\"name\":\"" + ns + "\"}}");
        if (created.code() != 201) {
            throw new AssertionError("could not create namespace " + ns + ": " + created.body());
        }
        return ns;
    }
}
