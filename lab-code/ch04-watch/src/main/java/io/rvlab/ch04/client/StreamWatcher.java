package io.rvlab.ch04.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch04.watch.WatchEvent;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One open watch: a {@code GET <collection>?watch=1...} whose chunked body is read line by line,
 * one JSON {@code WatchEvent} a line, in the order the server wrote them (client-go's {@code
 * watch.StreamWatcher} over a JSON framer). HTTP chunks are transport only: one chunk may hold
 * several events, and an event may straddle chunks, so the reader splits on {@code \n}, never on
 * chunk boundaries.
 *
 * <p>How it can end, and what the caller sees:
 * <ul>
 *   <li>the server refuses the watch before streaming (bad selector, unknown resource, busy):
 *       {@link #open} throws the chapter-3 {@link StatusException} family;</li>
 *   <li>the server ends the body ({@code timeoutSeconds} passed, or it shuts down): {@link #next}
 *       returns null, a normal end;</li>
 *   <li>the watch fails after it started (too old a resourceVersion): {@link #next} returns one
 *       ERROR event, whose Status {@link #error} turns into an exception, and then null;</li>
 *   <li>the connection breaks: {@link #next} throws an {@link IOException}.</li>
 * </ul>
 * A stream is read by one thread; {@link #close} may come from any thread and wakes a blocked
 * {@link #next}.
 */
public final class StreamWatcher implements AutoCloseable {

    private final URI uri;
    private final InputStream body;
    private final InputStream buffered;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream(); // the line being read
    private volatile boolean closed;
    private boolean ended;

    private StreamWatcher(URI uri, InputStream body) {
        this.uri = uri;
        this.body = body;
        this.buffered = new BufferedInputStream(body);
    }

    // tag::open[]
    /**
     * Sends the watch request and waits for the response headers (which the server flushes at once,
     * before any event). Any status but 200 is the server's refusal, read from its Status body.
     */
    public static StreamWatcher open(HttpClient http, URI server, String collection, WatchRequest request)
            throws IOException {
        URI uri = server.resolve(collection + "?" + request.query());
        HttpRequest get = HttpRequest.newBuilder(uri)
                .header("Accept", "application/json")
                .header("User-Agent", "rvlab-client/1.0")
                .timeout(Duration.ofSeconds(30)) // until the headers; the body may then last minutes
                .GET()
                .build();
        return open(http, get);
    }
    // end::open[]

    /**
     * Sends a watch request built by the caller (another query, credentials for a real cluster) and
     * waits for the response headers, as {@link #open(HttpClient, URI, String, WatchRequest)} does.
     */
    public static StreamWatcher open(HttpClient http, HttpRequest get) throws IOException {
        URI uri = get.uri();
        HttpResponse<InputStream> response;
        try {
            response = http.send(get, HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while opening " + uri);
        }
        if (response.statusCode() != 200) {
            byte[] answer;
            try (InputStream in = response.body()) {
                answer = in.readAllBytes();
            }
            throw refusal(response.statusCode(), answer);
        }
        return new StreamWatcher(uri, response.body());
    }

    private static StatusException refusal(int code, byte[] answer) {
        try {
            JsonNode json = GoJson.read(answer);
            if (json.isObject() && "Status".equals(json.path("kind").asText())) {
                return StatusErrors.fromObject(json, code);
            }
        } catch (IOException notJson) {
            // fall through: a proxy's or a broken server's answer, still an HTTP failure
        }
        ObjectNode status = JsonNodeFactory.instance.objectNode();
        status.put("kind", "Status").put("status", "Failure").put("code", code)
                .put("message", "HTTP " + code + ": " + new String(answer, StandardCharsets.UTF_8).strip());
        return StatusErrors.fromObject(status, code);
    }

    // tag::next[]
    /**
     * The next event, waiting for it as long as the server keeps the stream open; null once the
     * server has ended the body (or after an ERROR event, which is always the last one).
     */
    public WatchEvent next() throws IOException {
        if (ended) {
            return null;
        }
        String line;
        do {
            try {
                line = readLine();
            } catch (IOException e) {
                if (closed) {
                    ended = true;
                    return null; // our own close(), not a failure
                }
                throw e;
            }
            if (line == null) {
                ended = true;
                return null; // the terminating chunk: the server ended the watch
            }
        } while (line.isBlank());
        WatchEvent event = decode(line);
        if (event.type() == WatchEvent.Type.ERROR) {
            ended = true; // nothing follows an ERROR event
        }
        return event;
    }
    // end::next[]

    /**
     * The next line without its {@code \n}; null at the end of the body. A body that ends inside a
     * line was cut off (a server always ends an event with {@code \n}): that is a broken stream.
     */
    private String readLine() throws IOException {
        pending.reset();
        int b;
        while ((b = buffered.read()) != '\n') {
            if (b < 0) {
                if (pending.size() == 0) {
                    return null;
                }
                throw new EOFException("watch stream ended in the middle of an event");
            }
            pending.write(b);
        }
        return pending.toString(StandardCharsets.UTF_8);
    }

    /** {@code {"type":"MODIFIED","object":{...}}} as a {@link WatchEvent}. */
    static WatchEvent decode(String line) {
        JsonNode json;
        try {
            json = GoJson.read(line.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("watch stream sent a line that is not JSON: " + line, e);
        }
        JsonNode type = json.get("type");
        JsonNode object = json.get("object");
        if (type == null || !(object instanceof ObjectNode o)) {
            throw new IllegalStateException("watch stream sent something that is not a watch event: " + line);
        }
        try {
            return new WatchEvent(WatchEvent.Type.valueOf(type.asText()), o);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("watch stream sent an unknown event type: " + line, e);
        }
    }

    /** The Status of an ERROR event as the exception it stands for: a 410 is an {@link ExpiredException}. */
    public static StatusException error(WatchEvent event) {
        if (event.type() != WatchEvent.Type.ERROR) {
            throw new IllegalArgumentException("not an ERROR event: " + event);
        }
        return StatusErrors.fromObject(event.object(), 500); // a Status without a code is the server's fault
    }

    public URI uri() {
        return uri;
    }

    /** Stops reading and drops the connection; a {@link #next} blocked in another thread returns null. */
    @Override
    public void close() {
        closed = true;
        try {
            body.close();
        } catch (IOException ignored) {
            // closing is best effort: the connection is abandoned either way
        }
    }
}
