package io.rvlab.ch07.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Labs 7.3 and 7.5's plain HTTP: one request, its status and JSON body (a Status on an error). */
final class CacheLabHttp {

    static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    record Answer(int status, JsonNode body) {
        String resourceVersion() {
            return body.path("metadata").path("resourceVersion").asText();
        }

        /** The value of data.v of a ConfigMap, or of the first item of a list. */
        String value() {
            JsonNode object = body.has("items") ? body.path("items").path(0) : body;
            return object.path("data").path("v").asText();
        }
    }

    /** What a watch-list served from a watch cache gave: the state at {@code resourceVersion}, or an ERROR Status. */
    record CachedList(String resourceVersion, String value, JsonNode error) {
        long revision() {
            return Long.parseLong(resourceVersion);
        }
    }

    private CacheLabHttp() {
    }

    /**
     * A list served from the replica's watch cache: a watch with sendInitialEvents=true (the
     * watch-list of chapter 5, KEP-3157), read up to the bookmark that ends the initial events.
     * This course's server serves LIST from etcd; this is its read from the cache, what LIST at
     * resourceVersion "0" was in kube-apiserver 1.26.
     */
    static CachedList cachedList(URI server, String resourceVersion) throws Exception {
        String path = CONFIGMAPS + "?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&timeoutSeconds=10"
                + "&resourceVersionMatch=NotOlderThan&resourceVersion=" + resourceVersion;
        HttpRequest request = HttpRequest.newBuilder(server.resolve(path)).timeout(Duration.ofSeconds(30)).build();
        HttpResponse<java.util.stream.Stream<String>> response = HTTP.send(request, HttpResponse.BodyHandlers.ofLines());
        String value = "";
        try (java.util.stream.Stream<String> lines = response.body()) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode event = JSON.readTree(line);
                JsonNode object = event.path("object");
                switch (event.path("type").asText()) {
                    case "ADDED" -> value = object.path("data").path("v").asText();
                    case "BOOKMARK" -> {
                        return new CachedList(object.path("metadata").path("resourceVersion").asText(), value, null);
                    }
                    case "ERROR" -> {
                        return new CachedList("", "", object);
                    }
                    default -> { }
                }
            }
        }
        throw new IllegalStateException("the watch-list ended without a bookmark (HTTP " + response.statusCode() + ")");
    }

    static Answer send(URI server, String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(server.resolve(path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json");
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), JSON.readTree(response.body()));
    }

    static String configMap(String name, String value) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\"},\"data\":{\"v\":\""
                + value + "\"}}";
    }
}
