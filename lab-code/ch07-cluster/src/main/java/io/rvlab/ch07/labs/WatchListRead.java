package io.rvlab.ch07.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A read from a replica's watch cache, as lab 7.3 makes it: the watch-list of chapter 5, read to its end bookmark. */
final class WatchListRead {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** What a watch-list served from a watch cache gave: the state at {@code resourceVersion}, or an ERROR Status. */
    record CachedList(String resourceVersion, String value, JsonNode error) {
        long revision() {
            return Long.parseLong(resourceVersion);
        }
    }

    private WatchListRead() {
    }

    /**
     * A list served from the replica's watch cache: a watch with sendInitialEvents=true (the
     * watch-list of chapter 5, KEP-3157), read up to the bookmark that ends the initial events. This
     * server answers it from the watch cache at every resourceVersion ("0", not older than N, and ""
     * after a quorum read of the revision), as kube-apiserver's cacher answers a LIST.
     */
    static CachedList cachedList(URI server, String resourceVersion) throws Exception {
        String path = LabRequests.CONFIGMAPS + "?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&timeoutSeconds=10"
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

}
