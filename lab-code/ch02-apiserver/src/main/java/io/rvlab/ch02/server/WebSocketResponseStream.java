package io.rvlab.ch02.server;

import io.vertx.core.Context;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.ServerWebSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ResponseStream} that is a WebSocket: {@link #begin} completes the handshake (the
 * 101 answer; the status and headers given are those of the HTTP answer it replaces), every
 * {@link #write} is one text message, {@link #end} closes the socket. The server ignores what the
 * client sends, except its close.
 */
final class WebSocketResponseStream implements ResponseStream {

    private static final long HANDSHAKE_SECONDS = 10;

    private final Context context;
    private final HttpServerRequest request;
    private volatile ServerWebSocket socket;

    WebSocketResponseStream(Context context, HttpServerRequest request) {
        this.context = context;
        this.request = request;
    }

    @Override
    public void begin(int code, Map<String, String> headers) {
        Promise<ServerWebSocket> upgraded = Promise.promise();
        // the request was paused when it arrived; Vert.x reads its end and answers 101 on its event loop
        context.runOnContext(v -> request.toWebSocket().onComplete(upgraded));
        try {
            socket = upgraded.future().await(HANDSHAKE_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("WebSocket handshake failed: " + e.getMessage(), e);
        }
        socket.handler(ignored -> { });
    }

    @Override
    public void send(int code, Map<String, String> headers, byte[] body) {
        begin(code, headers);
        write(body);
        end();
    }

    @Override
    public void write(byte[] bytes) {
        socket.writeTextMessage(new String(bytes, StandardCharsets.UTF_8));
    }

    @Override
    public void flush() {
        // every write went out as its own message
    }

    @Override
    public void execute(Runnable task) {
        context.runOnContext(v -> task.run());
    }

    @Override
    public void onDrained(Runnable action) {
        socket.drainHandler(v -> action.run());
        if (!socket.writeQueueFull()) {
            action.run();
        }
    }

    @Override
    public void end() {
        if (socket != null && !socket.isClosed()) {
            socket.close();
        }
    }

    @Override
    public boolean clientGone() {
        return socket == null ? request.response().closed() : socket.isClosed();
    }

    @Override
    public boolean writeQueueFull() {
        return socket != null && socket.writeQueueFull();
    }

    /** Runs off the event loop: the action (ending a watcher, perhaps an etcd watch) may wait. Call after {@link #begin}. */
    @Override
    public void onClose(Runnable action) {
        socket.closeHandler(v -> context.executeBlocking(() -> {
            action.run();
            return null;
        }));
        if (socket.isClosed()) {
            action.run();
        }
    }
}
