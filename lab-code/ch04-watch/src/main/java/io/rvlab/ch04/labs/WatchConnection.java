package io.rvlab.ch04.labs;

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
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One {@code ?watch=1} request read as a client reads it: with {@code java.net.http} over HTTP/1.1,
 * the chunked body taken line by line (one JSON event per line) on a thread of its own.
 * {@link #close} drops the connection, as a network failure or a client restart would.
 */
final class WatchConnection implements AutoCloseable {

    /** Put on the queue when the server ends the stream (the terminating chunk). */
    private static final String END = "\u0000end";


    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private final int status;
    private final String contentType;
    private final InputStream body;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private volatile boolean ended;
    private String pending; // a line endsWithin() took off the queue; next() returns it first

    private WatchConnection(HttpResponse<InputStream> response) {
        this.status = response.statusCode();
        this.contentType = response.headers().firstValue("Content-Type").orElse("");
        this.body = response.body();
        Thread reader = new Thread(this::read, "rvlab-lab-watch");
        reader.setDaemon(true);
        reader.start();
    }

    /** Sends the request and returns once the server has answered with its headers (the watch is then registered). */
    static WatchConnection open(URI server, String pathAndQuery) {
        HttpRequest request = HttpRequest.newBuilder(server.resolve(pathAndQuery))
                .header("Accept", "application/json").GET().build();
        try {
            return new WatchConnection(HTTP.send(request, HttpResponse.BodyHandlers.ofInputStream()));
        } catch (IOException e) {
            throw new UncheckedIOException("the watch request failed: " + e
                    + (e.getCause() == null ? "" : ", caused by " + e.getCause()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void read() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isEmpty()) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            // closed by us (a dropped connection), or by the server going away: either way the stream is over
        } finally {
            lines.add(END);
        }
    }

    int status() {
        return status;
    }

    String contentType() {
        return contentType;
    }

    /** The next event line, waiting up to {@code wait}; null if none came in time or the stream has ended. */
    String next(Duration wait) throws InterruptedException {
        if (pending != null) {
            String line = pending;
            pending = null;
            return line;
        }
        if (ended) {
            return null;
        }
        String line = lines.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (END.equals(line)) {
            ended = true;
            return null;
        }
        return line;
    }

    /** Exactly {@code count} event lines, each within {@code wait}; fewer if the stream ends or goes quiet first. */
    List<String> next(int count, Duration wait) throws InterruptedException {
        List<String> got = new ArrayList<>();
        while (got.size() < count) {
            String line = next(wait);
            if (line == null) {
                break;
            }
            got.add(line);
        }
        return got;
    }

    /** Whether the server has ended the stream (the terminating chunk arrived); waits up to {@code wait} for it. */
    boolean endsWithin(Duration wait) throws InterruptedException {
        if (pending != null) {
            return false;
        }
        if (ended) {
            return true;
        }
        String line = lines.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (END.equals(line)) {
            ended = true;
            return true;
        }
        pending = line; // an event, not the end: next() returns it
        return false;
    }

    /** Drops the connection. */
    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException e) {
            // already gone
        }
    }
}
