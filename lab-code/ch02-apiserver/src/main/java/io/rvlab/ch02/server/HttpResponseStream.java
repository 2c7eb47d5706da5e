package io.rvlab.ch02.server;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import java.io.ByteArrayOutputStream;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link ResponseStream} over a Vert.x HTTP response (HTTP/1.1, h2c, or HTTP/2 over TLS). Vert.x lets any thread
 * write to a response and carries the write to the connection's event loop, so the request
 * threads and the watch threads write directly.
 */
final class HttpResponseStream implements ResponseStream {

    /** Go's net/http date format (http.TimeFormat), sent on every answer as Go and the JDK do. */
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);

    private static final long NO_ERROR = 0x0;
    private static final long INTERNAL_ERROR = 0x2;

    /** The Date header of the current second: formatted once a second, not once per answer (it showed in profiles). */
    private static volatile DateOfSecond date = new DateOfSecond(-1, "");

    private record DateOfSecond(long epochSecond, String text) {
    }

    private static String httpDate() {
        long now = System.currentTimeMillis() / 1000;
        DateOfSecond current = date;
        if (current.epochSecond() != now) {
            current = new DateOfSecond(now, HTTP_DATE.format(ZonedDateTime.ofInstant(java.time.Instant.ofEpochSecond(now),
                    ZoneOffset.UTC)));
            date = current;
        }
        return current.text();
    }

    private final Context context;
    private final HttpServerRequest request;
    private final HttpServerResponse response;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
    private final String requestLine;
    private volatile int code = -1;

    HttpResponseStream(Context context, HttpServerRequest request) {
        this.context = context;
        this.request = request;
        this.response = request.response();
        this.requestLine = request.method().name() + " " + request.uri();
    }

    /** The request's method and URI as sent, for the request log. */
    String requestLine() {
        return requestLine;
    }

    /** The status sent, or -1 while none has been (for the request log). */
    int code() {
        return code;
    }

    @Override
    public void send(int code, Map<String, String> headers, byte[] body) {
        head(code, headers);
        response.end(Buffer.buffer(body)).onComplete(v -> closeIfBodyUnread()); // not chunked: Vert.x sets Content-Length
    }

    @Override
    public void begin(int code, Map<String, String> headers) {
        head(code, headers);
        response.setChunked(true);
        response.writeHead(); // now: a watcher learns at once that its watch has begun
    }

    private void head(int code, Map<String, String> headers) {
        this.code = code;
        response.setStatusCode(code);
        response.putHeader("Date", httpDate());
        headers.forEach(response::putHeader);
    }

    @Override
    public void write(byte[] bytes) {
        pending.writeBytes(bytes);
    }

    @Override
    public void flush() {
        if (pending.size() == 0) {
            return;
        }
        response.write(Buffer.buffer(pending.toByteArray()));
        pending.reset();
    }

    @Override
    public void execute(Runnable task) {
        context.runOnContext(v -> task.run());
    }

    @Override
    public void onDrained(Runnable action) {
        response.drainHandler(v -> action.run());
        if (!response.writeQueueFull()) {
            action.run(); // it drained before the handler was in place
        }
    }

    @Override
    public void end() {
        flush(); // the end is queued behind it; nothing waits for a slow client here
        if (!response.ended()) {
            response.end().onComplete(v -> closeIfBodyUnread());
        }
    }

    /**
     * The connection cannot carry another request while part of this one's body is unread (a body
     * far over the limit, or a WebSocket request answered with a Status): close it once answered.
     */
    private void closeIfBodyUnread() {
        if (!request.isEnded()) {
            drop(NO_ERROR);
        }
    }

    /**
     * Ends an answer its handler left unfinished (it failed while writing); the connection is
     * closed rather than left waiting.
     */
    void abandon() {
        if (!response.ended()) {
            drop(INTERNAL_ERROR);
        }
    }

    /**
     * Gives up on this request: over HTTP/1.1 by closing its connection; over HTTP/2 (kubectl's, with
     * TLS) by resetting its stream only, since the connection carries the client's other requests
     * and watches (RFC 9113 8.1: after a complete answer, RST_STREAM with NO_ERROR asks the client
     * to stop sending the body).
     */
    private void drop(long http2ErrorCode) {
        if (request.version() == HttpVersion.HTTP_2) {
            response.reset(http2ErrorCode);
        } else {
            request.connection().close();
        }
    }

    @Override
    public boolean clientGone() {
        return response.closed();
    }

    @Override
    public boolean writeQueueFull() {
        return response.writeQueueFull();
    }

    /** Runs off the event loop: the action (ending a watcher, perhaps an etcd watch) may wait. */
    @Override
    public void onClose(Runnable action) {
        response.closeHandler(v -> context.executeBlocking(() -> {
            action.run();
            return null;
        }));
        if (response.closed()) {
            action.run(); // it went before the handler was in place
        }
    }

    @Override
    public ResponseStream upgradeToWebSocket() {
        return new WebSocketResponseStream(context, request);
    }
}
