package io.rvlab.ch04.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.server.JsonResponses;
import io.rvlab.ch02.server.ResponseStream;
import io.rvlab.ch02.server.TableConvertor;
import io.rvlab.ch04.cache.EncodedEvent;
import io.rvlab.ch04.cache.EventFeed;
import io.rvlab.ch04.watch.WatchEvent;
import java.time.Clock;
import java.time.Duration;

/**
 * One watch (apiserver's {@code endpoints/handlers/watch.go} WatchServer): a 200 answer whose
 * headers go out at once, then one JSON event per line, flushed whenever the watcher has nothing
 * more ready, and the end of the body when the watch ends (its timeout, an ERROR event, the cache
 * letting it go). Over HTTP/1.1 each flush is one chunk; HTTP/2 carries the same lines in DATA
 * frames; over a WebSocket (ServeHTTP's HandleWS there) each event is one text message and the
 * end is the socket's close. A client that goes away ends its watcher at once.
 */
final class WatchStream implements Runnable {

    private static final Duration POLL = Duration.ofSeconds(1);

    private final ResponseStream response;
    private final EventFeed watcher;
    private final ResourceType type;
    private final String tableVersion; // kubectl get -w asks for each object as a Table row; null otherwise
    private final TableConvertor tables = new TableConvertor(Clock.systemUTC());

    WatchStream(ResponseStream response, EventFeed watcher, ResourceType type, String tableVersion) {
        this.response = response;
        this.watcher = watcher;
        this.type = type;
        this.tableVersion = tableVersion;
    }

    // tag::stream[]
    @Override
    public void run() {
        try (watcher) {
            response.begin(200, JsonResponses.jsonHeaders()); // at once: the client learns the watch has begun
            response.onClose(watcher::close); // a client that leaves frees its place in the cache now
            while (!watcher.ended() && !response.clientGone()) {
                EncodedEvent event = watcher.nextEncoded(POLL);
                if (event == null) {
                    continue;
                }
                response.write(line(event));
                if (!watcher.hasReadyEvent()) {
                    response.flush(); // one chunk per burst of events, as kube-apiserver does
                }
            }
            response.end();
        } catch (RuntimeException e) {
            // the client went away (or its WebSocket handshake failed): nothing to answer
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the server is stopping
            endQuietly();
        }
    }
    // end::stream[]

    private void endQuietly() {
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
