package io.rvlab.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.etcd.jetcd.Client;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch06.server.ApplyApiServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/** Chapter 6's server on the test's etcd, and a small HTTP client that says who it is (User-Agent). */
public final class TestServer implements AutoCloseable {

    public static final String APPLY = "application/apply-patch+yaml";
    public static final String USER_AGENT = "golden-capture/1.0";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ApplyApiServer server;
    private final TestClock clock = new TestClock(Instant.now());
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    public TestServer(Client etcd) {
        this.server = ApplyApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT, clock);
    }

    /** Sets the time managedFields entries are stamped with from now on. */
    public void setTime(String rfc3339) {
        clock.set(rfc3339);
    }

    public URI url() {
        return server.url();
    }

    /** An answer: code and body (without the trailing newline). */
    public record Response(int code, String body) {

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }

        public String rv() {
            return json().path("metadata").path("resourceVersion").asText();
        }

        public JsonNode managedFields() {
            return json().path("metadata").path("managedFields");
        }
    }

    public Response send(String method, String pathAndQuery, String contentType, String body) {
        return send(method, pathAndQuery, contentType, body, USER_AGENT);
    }

    public Response send(String method, String pathAndQuery, String contentType, String body, String userAgent) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url() + pathAndQuery))
                .header("Accept", "application/json").timeout(Duration.ofSeconds(30));
        if (userAgent != null) {
            request.header("User-Agent", userAgent);
        }
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.body().stripTrailing());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** PATCH application/apply-patch+yaml to an object path, with its query (e.g. "?fieldManager=alice"). */
    public Response apply(String objectPath, String query, String yaml) {
        return send("PATCH", objectPath + query, APPLY, yaml);
    }

    public Response get(String path) {
        return send("GET", path, null, null);
    }

    /** A namespace no other test uses. */
    public String namespace(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        Response created = send("POST", "/api/v1/namespaces", "application/json",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + name + "\"}}");
        if (created.code() != 201) {
            throw new AssertionError("could not create namespace " + name + ": " + created.body());
        }
        return name;
    }

    @Override
    public void close() {
        server.close();
    }
}
