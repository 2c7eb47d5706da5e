package io.rvlab.ch04.server.handlers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.server.JsonResponses;
import io.rvlab.ch02.server.ResponseStream;
import io.rvlab.ch02.wire.table.TableConvertor;
import io.rvlab.ch04.cache.EncodedEvent;
import io.rvlab.ch04.cache.EventFeed;
import io.rvlab.ch04.watch.WatchEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One watch (apiserver's {@code endpoints/handlers/watch.go} WatchServer): a 200 answer whose
 * headers go out at once, then one JSON event per line, flushed whenever the watcher has nothing
 * more ready, and the end of the body when the watch ends (its timeout, an ERROR event, the cache
 * letting it go). Over HTTP/1.1 each flush is one chunk; HTTP/2 carries the same lines in DATA
 * frames; over a WebSocket (ServeHTTP's HandleWS there) each event is one text message and the
 * end is the socket's close. A client that goes away ends its watcher at once.
 *
 * <p>No thread waits for a watcher's next event. The watcher wakes the stream when it has one
 * ({@link EventFeed#onReady}), and the stream writes on its connection's event loop, which never
 * blocks: a thousand watchers cost a thousand queues, not a thousand threads (kube-apiserver's
 * goroutine per watch is cheap; a platform thread is not). A client that reads slower than events
 * come is not waited for: its events stay in its watcher's queue until the transport has drained,
 * and a watcher that falls too far behind is cut off by the cache, never holding up the others.
 */
final class WatchStream {

    private final ResponseStream response;
    private final EventFeed watcher;
    private final ResourceType type;
    private final String tableVersion; // kubectl get -w asks for each object as a Table row; null otherwise
    private final TableConvertor tables = new TableConvertor(Clock.systemUTC());
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private volatile boolean over;

    WatchStream(ResponseStream response, EventFeed watcher, ResourceType type, String tableVersion) {
        this.response = response;
        this.watcher = watcher;
        this.type = type;
        this.tableVersion = tableVersion;
    }

    // tag::stream[]
    /** Sends the headers at once (the client learns its watch has begun), then lets the watcher drive. */
    void start() {
        try {
            response.begin(200, JsonResponses.jsonHeaders());
        } catch (RuntimeException e) {
            watcher.close(); // the client went away (or its WebSocket handshake failed): nothing to answer
            return;
        }
        response.onClose(watcher::close); // a client that leaves frees its place in the cache now
        watcher.onReady(this::wake);
    }

    /** Called by the watcher, possibly on the cache's thread: only schedules a pump, once. */
    private void wake() {
        if (!over && scheduled.compareAndSet(false, true)) {
            response.execute(this::pump);
        }
    }

    /** On the connection's event loop: everything ready, as one chunk per burst; never waits. */
    private void pump() {
        scheduled.set(false);
        try {
            EncodedEvent event;
            while (!response.writeQueueFull() && (event = watcher.nextEncoded(Duration.ZERO)) != null) {
                response.write(line(event));
            }
            response.flush();
            if (watcher.ended() || response.clientGone()) {
                finish();
            } else if (response.writeQueueFull()) {
                response.onDrained(this::wake); // a slow reader: carry on once it has caught up
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // not reached: a zero wait never waits
        } catch (RuntimeException e) {
            finish(); // the client went away mid-write
        }
    }
    // end::stream[]

    private void finish() {
        over = true;
        CompletableFuture.runAsync(watcher::close); // off the event loop: closing may stop an etcd watch
        try {
            response.end();
        } catch (RuntimeException e) {
            // nobody left to tell
        }
    }

    private byte[] line(EncodedEvent event) {
        WatchEvent.Type kind = event.event().type();
        if (tableVersion == null || kind == WatchEvent.Type.ERROR || kind == WatchEvent.Type.BOOKMARK) {
            return event.line();
        }
        ObjectNode table = tables.convert(type, event.event().object(), tableVersion);
        return EncodedEvent.encode(new WatchEvent(kind, table));
    }
}
