package io.rvlab.ch07.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A watch opened through the API server (GET ...?watch=1&resourceVersion=N), its events kept in
 * the order they arrived, and whether the stream ended (and with what: an ERROR event carrying a
 * Status such as 410 Expired is how a watch tells its client to relist).
 *
 * <p>The stream is read on a thread of its own. (Not in a callback of {@code sendAsync}: when the
 * response has already arrived, {@code thenAccept} runs its callback on the caller's thread, which
 * then reads a watch that never ends.)
 */
final class WatchStream implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<JsonNode> events = new ArrayList<>();
    private final Thread reader;
    private volatile Stream<String> body;
    private volatile boolean ended;

    private WatchStream(URI base, String path, String resourceVersion) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path + "?watch=1&resourceVersion=" + resourceVersion)).build();
        reader = new Thread(() -> read(request), "watch " + path);
        reader.setDaemon(true);
        reader.start();
    }

    static WatchStream open(URI base, String path, String resourceVersion) {
        return new WatchStream(base, path, resourceVersion);
    }

    private void read(HttpRequest request) {
        try (Stream<String> lines = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofLines()).body()) {
            body = lines;
            lines.filter(line -> !line.isBlank()).forEach(line -> {
                try {
                    JsonNode event = JSON.readTree(line);
                    synchronized (events) {
                        events.add(event);
                    }
                } catch (IOException unreadable) {
                    // a half line at a cut connection: the stream ends just after
                }
            });
        } catch (IOException | UncheckedIOException | InterruptedException cut) {
            // the connection broke, or close() ended it: the stream has ended either way
        } finally {
            ended = true;
        }
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
        Stream<String> lines = body;
        if (lines != null) {
            lines.close(); // closes the connection's body, and the reader's readLine returns
        }
        reader.interrupt(); // if the response has not arrived yet
    }
}
