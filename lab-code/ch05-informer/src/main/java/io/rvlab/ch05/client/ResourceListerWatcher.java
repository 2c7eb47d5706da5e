package io.rvlab.ch05.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch04.client.StatusErrors;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.WatchListOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The HTTP {@link ListerWatcher} for one collection path, e.g. {@code /api/v1/namespaces/lab/configmaps}
 * or {@code /apis/apps/v1/deployments} (client-go's {@code cache.NewListWatchFromClient}): LIST and
 * WATCH requests with the reflector's query, on a {@link RestConfig} (the course's server or a
 * real cluster). A refusal becomes the chapter-3/4 {@code StatusException} family.
 */
public final class ResourceListerWatcher implements ListerWatcher {

    private static final Duration LIST_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration WATCH_HEADERS_TIMEOUT = Duration.ofSeconds(30);

    private final RestConfig config;
    private final HttpClient http;
    private final String collectionPath;
    private final String labelSelector;

    public ResourceListerWatcher(RestConfig config, String collectionPath) {
        this(config, config.httpClient(), collectionPath, "");
    }

    private ResourceListerWatcher(RestConfig config, HttpClient http, String collectionPath, String labelSelector) {
        this.config = config;
        this.http = http;
        this.collectionPath = collectionPath;
        this.labelSelector = labelSelector;
    }

    /** Only objects matching {@code selector} (e.g. {@code app=web}), for lists and watches alike. */
    public ResourceListerWatcher withLabelSelector(String selector) {
        return new ResourceListerWatcher(config, http, collectionPath, selector == null ? "" : selector);
    }

    public String collectionPath() {
        return collectionPath;
    }

    // tag::list-request[]
    @Override
    public ObjectNode list(ListOptions options) throws IOException {
        List<String> query = new ArrayList<>();
        param(query, "resourceVersion", options.resourceVersion());
        param(query, "resourceVersionMatch", options.resourceVersionMatch());
        if (options.limit() > 0) {
            param(query, "limit", Long.toString(options.limit()));
        }
        param(query, "continue", options.continueToken());
        param(query, "labelSelector", labelSelector);
        HttpRequest request = config.request(pathWith(query)).timeout(LIST_TIMEOUT).GET().build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while listing " + collectionPath);
        }
        if (response.statusCode() != 200) {
            throw refusal(response.statusCode(), response.body());
        }
        JsonNode list = GoJson.read(response.body());
        if (!(list instanceof ObjectNode object)) {
            throw new IOException("LIST " + collectionPath + " answered something that is not a List object");
        }
        return object;
    }
    // end::list-request[]

    // tag::watch-request[]
    @Override
    public StreamWatcher watch(WatchListOptions options) throws IOException {
        List<String> query = new ArrayList<>();
        query.add("watch=1");
        if (options.sendInitialEvents()) {
            query.add("sendInitialEvents=true");
            query.add("resourceVersionMatch=NotOlderThan");
        }
        // "" is sent as resourceVersion= : for a watch-list it asks for a consistent start
        query.add("resourceVersion=" + encode(options.resourceVersion()));
        if (options.allowWatchBookmarks()) {
            query.add("allowWatchBookmarks=true");
        }
        if (options.timeoutSeconds() > 0) {
            query.add("timeoutSeconds=" + options.timeoutSeconds());
        }
        param(query, "labelSelector", labelSelector);
        HttpRequest request = config.request(pathWith(query)).timeout(WATCH_HEADERS_TIMEOUT).GET().build();
        return StreamWatcher.open(http, request);
    }
    // end::watch-request[]

    private String pathWith(List<String> query) {
        return query.isEmpty() ? collectionPath : collectionPath + "?" + String.join("&", query);
    }

    private static void param(List<String> query, String name, String value) {
        if (value != null && !value.isEmpty()) {
            query.add(name + "=" + encode(value));
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static RuntimeException refusal(int code, byte[] body) {
        try {
            JsonNode json = GoJson.read(body);
            if (json.isObject() && "Status".equals(json.path("kind").asText())) {
                return StatusErrors.fromObject(json, code);
            }
        } catch (IOException notJson) {
            // a proxy's answer: still an HTTP failure
        }
        ObjectNode status = JsonNodeFactory.instance.objectNode();
        status.put("kind", "Status").put("status", "Failure").put("code", code)
                .put("message", "HTTP " + code + ": " + new String(body, StandardCharsets.UTF_8).strip());
        return StatusErrors.fromObject(status, code);
    }
}
