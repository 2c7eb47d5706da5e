package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.FieldsV1;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.ch06.structured.ListMerge;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Chapter 6's API server (server-side apply) on the test's etcd, plain HTTP calls to it, and a namespace
 * of its own per use. The calls are written out here, with java.net.http, so that a test shows exactly
 * what goes on the wire: PATCH with {@code application/apply-patch+yaml} and {@code ?fieldManager=}.
 */
final class Stage implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    /** A status line and a JSON body (an object, or a Status for an error). */
    record Response(int code, ObjectNode body) {
        ObjectNode ok() {
            if (code >= 300) {
                throw new AssertionError("expected a success, got " + code + ": " + body);
            }
            return body;
        }
    }

    final ApplyApiServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    Stage(Client etcd) {
        this(etcd, ListMerge.BUILT_IN);
    }

    /** The server with {@code lists} merging every set and keyed list of an apply (exercise 6.3's merge). */
    Stage(Client etcd, ListMerge lists) {
        this.server = ApplyApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT, Clock.systemUTC(), lists);
    }

    String url() {
        return server.url().toString();
    }

    /** A new namespace; its name. */
    String namespace(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        send("POST", "/api/v1/namespaces", "application/json",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + name + "\"}}").ok();
        return name;
    }

    /** A server-side apply: PATCH {@code path}?fieldManager=manager[&force=true], the config as the body. */
    Response apply(String path, String manager, boolean force, String config) {
        String query = "?fieldManager=" + URLEncoder.encode(manager, StandardCharsets.UTF_8) + (force ? "&force=true" : "");
        return send("PATCH", path + query, "application/apply-patch+yaml", config);
    }

    /** A JSON merge patch (an Update operation) by {@code manager}. */
    Response mergePatch(String path, String manager, String patch) {
        return send("PATCH", path + "?fieldManager=" + URLEncoder.encode(manager, StandardCharsets.UTF_8),
                "application/merge-patch+json", patch);
    }

    /** A strategic merge patch (an Update operation) by {@code manager}: lists merge by key, as kubectl patch does. */
    Response strategicPatch(String path, String manager, String patch) {
        return send("PATCH", path + "?fieldManager=" + URLEncoder.encode(manager, StandardCharsets.UTF_8),
                "application/strategic-merge-patch+json", patch);
    }

    ObjectNode get(String path) {
        return send("GET", path, null, null).ok();
    }

    private Response send(String method, String path, String contentType, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.url() + path))
                .header("Accept", "application/json")
                .header("User-Agent", "rvlab-exercises/6");
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode json = response.body().isEmpty() ? JsonNodeFactory.instance.objectNode() : JSON.readTree(response.body());
            return new Response(response.statusCode(), (ObjectNode) json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The managers of an object and the fields each owns, read from its managedFields with the course's
     * decoder, keyed as a conflict message prints them: {@code "alice"} for an Apply manager, {@code
     * "carol" using v1} for an Update manager (kube's printManager).
     */
    static Map<String, FieldSet> owners(JsonNode object) {
        Map<String, FieldSet> owners = new LinkedHashMap<>();
        for (JsonNode entry : object.path("metadata").path("managedFields")) {
            String printed = "\"" + entry.path("manager").asText() + "\"";
            String subresource = entry.path("subresource").asText("");
            if (!subresource.isEmpty()) {
                printed += " with subresource \"" + subresource + "\"";
            }
            if (entry.path("operation").asText().equals("Update")) {
                printed += " using " + entry.path("apiVersion").asText();
            }
            owners.put(printed, FieldsV1.decode(entry.path("fieldsV1")));
        }
        return owners;
    }

    /** The printed name of an Apply manager, as {@link #owners} keys it. */
    static String applier(String manager) {
        return "\"" + manager + "\"";
    }

    static ObjectNode json(String text) {
        try {
            return (ObjectNode) JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
