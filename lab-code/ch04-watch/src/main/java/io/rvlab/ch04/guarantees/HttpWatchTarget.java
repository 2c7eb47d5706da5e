package io.rvlab.ch04.guarantees;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.storage.ObjectList;
import io.rvlab.ch04.watch.WatchEvent;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * A {@link WatchTarget} over HTTP, as any Kubernetes client sees an API server: a list is
 * {@code GET <collection>} (no resourceVersion: a consistent read), a watch is
 * {@code GET <collection>?watch=1&resourceVersion=N&allowWatchBookmarks=true}, whose chunked body
 * holds one JSON event per line. A reader thread per watch hands the lines to a
 * {@link QueuedEventStream}; the end of the body, or a broken connection, ends the stream.
 */
public final class HttpWatchTarget implements WatchTarget {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI collection;

    /** @param server the API server's base URL; the namespace's ConfigMaps are watched */
    public HttpWatchTarget(URI server, String namespace) {
        this.collection = server.resolve("/api/v1/namespaces/" + namespace + "/configmaps");
    }

    @Override
    public ObjectList list() {
        HttpResponse<InputStream> response = get(collection);
        try (InputStream body = response.body()) {
            JsonNode list = JSON.readTree(body);
            if (response.statusCode() != 200) {
                throw new IllegalStateException("list answered " + response.statusCode() + ": " + list);
            }
            List<ObjectNode> items = new ArrayList<>();
            list.path("items").forEach(item -> items.add((ObjectNode) item));
            return new ObjectList(items, list.path("metadata").path("resourceVersion").asText(), "",
                    OptionalLong.empty());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public EventStream watch(String resourceVersion) {
        HttpResponse<InputStream> response = get(URI.create(collection + "?watch=1&resourceVersion=" + resourceVersion
                + "&allowWatchBookmarks=true"));
        InputStream body = response.body();
        if (response.statusCode() != 200) {
            try (body) {
                throw new IllegalStateException("watch answered " + response.statusCode() + ": "
                        + new String(body.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        QueuedEventStream stream = new QueuedEventStream();
        Thread reader = new Thread(() -> read(body, stream), "rvlab-http-watch");
        reader.setDaemon(true);
        reader.start();
        return stream.closing(body::close);
    }

    /** One event per line until the body ends; then the stream ends too (the watcher resumes). */
    private static void read(InputStream body, QueuedEventStream stream) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.isBlank()) {
                    JsonNode event = JSON.readTree(line);
                    stream.onEvent(new WatchEvent(WatchEvent.Type.valueOf(event.path("type").asText()),
                            (ObjectNode) event.get("object")));
                }
            }
            stream.onError(new IllegalStateException("the server ended the watch"));
        } catch (IOException | RuntimeException e) {
            stream.onError(new IllegalStateException("the watch broke: " + e, e));
        }
    }

    private HttpResponse<InputStream> get(URI uri) {
        HttpRequest request = HttpRequest.newBuilder(uri).header("Accept", "application/json")
                .timeout(Duration.ofSeconds(10)).GET().build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
