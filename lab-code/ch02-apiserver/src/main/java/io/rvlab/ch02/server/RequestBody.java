package io.rvlab.ch02.server;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import java.util.function.Consumer;

/**
 * Reads a request's body on the connection's event loop, without blocking it, up to
 * {@link ApiRequest#MAX_BODY_BYTES}; a longer body is read on and thrown away, up to
 * {@link ApiRequest#DISCARD_LIMIT} more bytes, so the 413 reaches the client. The whole body (or
 * null, for a body over the limit) goes to {@code done} once, when the request has ended or the
 * discard limit is reached.
 */
final class RequestBody {

    private final HttpServerRequest request;
    private final Consumer<byte[]> done;
    private final Buffer body = Buffer.buffer();
    private long discarded;
    private boolean finished;

    private RequestBody(HttpServerRequest request, Consumer<byte[]> done) {
        this.request = request;
        this.done = done;
    }

    static void read(HttpServerRequest request, Consumer<byte[]> done) {
        RequestBody reader = new RequestBody(request, done);
        request.handler(reader::chunk);
        request.endHandler(v -> reader.finish());
        request.exceptionHandler(e -> request.connection().close()); // the client broke off: nobody to answer
    }

    private void chunk(Buffer chunk) {
        if (finished) {
            return;
        }
        if (discarded == 0 && body.length() + chunk.length() <= ApiRequest.MAX_BODY_BYTES) {
            body.appendBuffer(chunk);
            return;
        }
        discarded += chunk.length();
        if (discarded > ApiRequest.DISCARD_LIMIT) {
            // enough: answer 413 now; the connection is closed after it (see HttpResponseStream#send)
            request.pause();
            finished = true;
            done.accept(null);
        }
    }

    private void finish() {
        if (!finished) {
            finished = true;
            done.accept(discarded > 0 ? null : body.getBytes());
        }
    }
}
