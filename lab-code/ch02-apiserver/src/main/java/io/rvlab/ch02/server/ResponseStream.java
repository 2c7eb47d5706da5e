package io.rvlab.ch02.server;

import java.util.Map;

/**
 * Where an answer goes, whatever carries it: one whole response ({@link #send}), or a stream that
 * starts with its headers and goes on in pieces for as long as a watch lasts ({@link #begin},
 * {@link #write}, {@link #flush}, {@link #end}). Chapter 2 answers over HTTP/1.1 or h2c; chapter 4
 * streams watches over the same connection or, when the client asks, over a WebSocket.
 *
 * <p>Its methods may be called from any thread and never wait for the client: what it has not read
 * yet queues in the transport. A stream that must not let that queue grow (a watch) checks
 * {@link #writeQueueFull} and continues in {@link #onDrained}.
 */
public interface ResponseStream {

    /** A whole answer at once, with {@code Content-Length}. */
    void send(int code, Map<String, String> headers, byte[] body);

    /** Sends the status and the headers now; the body follows (over HTTP/1.1, chunked). */
    void begin(int code, Map<String, String> headers);

    /** Adds to the body: over HTTP it waits for {@link #flush}; on a WebSocket it is one text message. */
    void write(byte[] bytes);

    /** Sends what was written (over HTTP/1.1, as one chunk), never waiting for the client. */
    void flush();

    /** Runs {@code task} on the transport's own thread (the connection's event loop), where writes never wait. */
    void execute(Runnable task);

    /** Runs {@code action} once, on the transport's thread, when {@link #writeQueueFull} is over. */
    void onDrained(Runnable action);

    /** Ends the body: the last chunk, or the WebSocket's close. */
    void end();

    /** Whether the client has gone away (closed the connection, or the WebSocket). */
    boolean clientGone();

    /** Whether more written data than the transport wants to hold waits for the client. */
    boolean writeQueueFull();

    /** Runs {@code action} once, when the client goes away before the stream ends. */
    void onClose(Runnable action);

    /**
     * The same exchange as a WebSocket, for a request that asked to be upgraded (a watch, chapter
     * 4): {@link #begin} then completes the handshake, and every {@link #write} is one message.
     *
     * @throws UnsupportedOperationException if this transport cannot upgrade
     */
    default ResponseStream upgradeToWebSocket() {
        throw new UnsupportedOperationException("this response cannot become a WebSocket");
    }
}
