package io.rvlab.ch04.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.StringJoiner;

/**
 * {@link ListerWatcher} for one collection of an API server, such as {@code
 * /api/v1/namespaces/lab/configmaps}, over {@code java.net.http}, with optional label and field
 * selectors (client-go's {@code cache.ListWatch} built by {@code NewFilteredListWatchFromClient}).
 */
public final class ListWatch implements ListerWatcher {

    private final HttpClient http;
    private final URI server;
    private final String collection;
    private final String labelSelector;
    private final String fieldSelector;

    public ListWatch(URI server, String collection) {
        this(newHttpClient(), server, collection, null, null);
    }

    private ListWatch(HttpClient http, URI server, String collection, String labelSelector, String fieldSelector) {
        this.http = http;
        this.server = server;
        this.collection = collection;
        this.labelSelector = labelSelector;
        this.fieldSelector = fieldSelector;
    }

    /**
     * HTTP/1.1 on purpose: a watch is one long chunked response, as kube-apiserver serves it to
     * kubectl; asking for HTTP/2 would only add an upgrade attempt.
     */
    static HttpClient newHttpClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    /** The same collection, only the objects matching these selectors (either may be null). */
    public ListWatch withSelectors(String labelSelector, String fieldSelector) {
        return new ListWatch(http, server, collection, labelSelector, fieldSelector);
    }

    public String collection() {
        return collection;
    }

    @Override
    public ObjectNode list() throws IOException {
        StringJoiner query = new StringJoiner("&");
        WatchRequest.addSelectors(query, labelSelector, fieldSelector);
        URI uri = server.resolve(collection + (query.length() == 0 ? "" : "?" + query));
        HttpRequest get = HttpRequest.newBuilder(uri)
                .header("Accept", "application/json")
                .header("User-Agent", "rvlab-client/1.0")
                .timeout(Duration.ofSeconds(30))
                .GET()
                .build();
        HttpResponse<InputStream> response;
        try {
            response = http.send(get, HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while listing " + uri);
        }
        byte[] body;
        try (InputStream in = response.body()) {
            body = in.readAllBytes();
        }
        JsonNode json = GoJson.read(body);
        if (response.statusCode() != 200) {
            throw StatusErrors.fromObject(json, response.statusCode());
        }
        if (!(json instanceof ObjectNode list) || !json.path("items").isArray()) {
            throw new IllegalStateException("GET " + uri + ": expected a list, got " + json);
        }
        return list;
    }

    @Override
    public StreamWatcher watch(WatchRequest request) throws IOException {
        return StreamWatcher.open(http, server, collection, request.withSelectors(labelSelector, fieldSelector));
    }

    @Override
    public String toString() {
        return collection + (labelSelector == null ? "" : " labelSelector=" + labelSelector)
                + (fieldSelector == null ? "" : " fieldSelector=" + fieldSelector);
    }
}
