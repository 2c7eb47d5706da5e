package io.rvlab.ch07.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A watch opened through the API server (GET ...?watch=1&resourceVersion=N), its events kept in
 * the order they arrived, and whether the stream ended (and with what: an ERROR event carrying a
 * Status such as 410 Expired is how a watch tells its client to relist).
 */
final class WatchStream implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<JsonNode> events = new ArrayList<>();
    private final CompletableFuture<?> stream;
    private volatile boolean ended;

    private WatchStream(URI base, String path, String resourceVersion) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path + "?watch=1&resourceVersion=" + resourceVersion)).build();
        stream = HttpClient.newHttpClient().sendAsync(request, HttpResponse.BodyHandlers.ofLines())
                .thenAccept(response -> {
                    response.body().filter(line -> !line.isBlank()).forEach(line -> {
                        try {
                            JsonNode event = JSON.readTree(line);
                            synchronized (events) {
                                events.add(event);
                            }
                        } catch (Exception unreadable) {
                            // a half line at a cut connection: the stream ends just after
                        }
                    });
                }).whenComplete((ok, error) -> ended = true);
    }

    static WatchStream open(URI base, String path, String resourceVersion) {
        return new WatchStream(base, path, resourceVersion);
    }

    List<JsonNode> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    boolean ended() {
        return ended;
    }

    @Override
    public void close() {
        stream.cancel(true);
    }
}
