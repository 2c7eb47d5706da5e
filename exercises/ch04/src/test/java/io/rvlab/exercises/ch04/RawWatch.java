package io.rvlab.exercises.ch04;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A raw {@code GET ...?watch=1} against the running server, as {@code curl -sN} would make it: one JSON
 * watch event per line ({@code {"type":...,"object":...}}), read on a thread of its own.
 */
final class RawWatch implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    final String request;
    private final BlockingQueue<JsonNode> events = new LinkedBlockingQueue<>();
    private final InputStream body;

    private RawWatch(String request, InputStream body) {
        this.request = request;
        this.body = body;
        Thread reader = new Thread(this::read, "raw-watch");
        reader.setDaemon(true);
        reader.start();
    }

    /** {@code GET <server>/api/v1/namespaces/<namespace>/configmaps?watch=1&resourceVersion=<rv>}. */
    static RawWatch open(URI server, String namespace, long resourceVersion, boolean bookmarks) throws Exception {
        String path = "/api/v1/namespaces/" + namespace + "/configmaps?watch=1&resourceVersion=" + resourceVersion
                + (bookmarks ? "&allowWatchBookmarks=true" : "");
        HttpResponse<InputStream> response = HTTP.send(HttpRequest.newBuilder(server.resolve(path))
                .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() != 200) {
            String text = new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
            throw new AssertionError("GET " + path + " answered " + response.statusCode() + " instead of starting a"
                    + " watch stream: " + text);
        }
        return new RawWatch("GET " + path, response.body());
    }

    private void read() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (!line.isBlank()) {
                    events.add(JSON.readTree(line));
                }
            }
        } catch (IOException closed) {
            // closed by the test or by the server
        }
    }

    /** The next event within {@code millis} ms, or null. */
    JsonNode next(long millis) throws InterruptedException {
        return events.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** The next event that is not a BOOKMARK, within {@code millis} ms, or null. */
    JsonNode nextChange(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (true) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            JsonNode event = left <= 0 ? null : next(left);
            if (event == null || !"BOOKMARK".equals(event.path("type").asText())) {
                return event;
            }
        }
    }

    /** "TYPE name rv", or for an ERROR "ERROR code message". */
    static String line(JsonNode event) {
        if (event == null) {
            return "(nothing)";
        }
        JsonNode object = event.path("object");
        if ("ERROR".equals(event.path("type").asText())) {
            return "ERROR " + object.path("code").asInt() + " " + object.path("message").asText();
        }
        return event.path("type").asText() + " " + object.at("/metadata/name").asText("") + " "
                + object.at("/metadata/resourceVersion").asText();
    }

    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
