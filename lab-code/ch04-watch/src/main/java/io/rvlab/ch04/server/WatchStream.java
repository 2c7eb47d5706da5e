package io.rvlab.ch04.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.server.TableConvertor;
import io.rvlab.ch04.cache.EncodedEvent;
import io.rvlab.ch04.cache.EventFeed;
import io.rvlab.ch04.watch.WatchEvent;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Duration;

/**
 * One watch over HTTP/1.1 (apiserver's {@code handlers/watch.go} WatchServer): a 200 answer whose
 * headers go out at once, then a chunked body with one JSON event per line, flushed whenever the
 * watcher has nothing more ready, and the terminating chunk when the watch ends (its timeout, an
 * ERROR event, the cache letting it go). HTTP/2 would carry the same lines in DATA frames; the
 * chunk framing is HTTP/1.1's.
 */
final class WatchStream implements Runnable {

    private static final Duration POLL = Duration.ofSeconds(1);

    private final HttpExchange exchange;
    private final EventFeed watcher;
    private final ResourceType type;
    private final String tableVersion; // kubectl get -w asks for each object as a Table row; null otherwise
    private final TableConvertor tables = new TableConvertor(Clock.systemUTC());

    WatchStream(HttpExchange exchange, EventFeed watcher, ResourceType type, String tableVersion) {
        this.exchange = exchange;
        this.watcher = watcher;
        this.type = type;
        this.tableVersion = tableVersion;
    }

    // tag::stream[]
    @Override
    public void run() {
        try (exchange; watcher) {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.getResponseHeaders().set("Cache-Control", "no-cache, private");
            exchange.sendResponseHeaders(200, 0); // length 0: chunked, as long as the watch lasts
            OutputStream body = exchange.getResponseBody();
            body.flush(); // the client learns at once that the watch has begun
            while (!watcher.ended()) {
                EncodedEvent event = watcher.nextEncoded(POLL);
                if (event == null) {
                    continue;
                }
                body.write(line(event));
                if (!watcher.hasReadyEvent()) {
                    body.flush(); // one chunk per burst of events, as kube-apiserver does
                }
            }
        } catch (IOException e) {
            // the client went away: nothing to answer; closing the watcher frees its place in the cache
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the server is stopping
        }
    }
    // end::stream[]

    private byte[] line(EncodedEvent event) {
        WatchEvent.Type kind = event.event().type();
        if (tableVersion == null || kind == WatchEvent.Type.ERROR || kind == WatchEvent.Type.BOOKMARK) {
            return event.line();
        }
        ObjectNode table = tables.convert(type, event.event().object(), tableVersion);
        return EncodedEvent.encode(new WatchEvent(kind, table));
    }
}
