package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.ReflectorErrors.describe;
import static io.rvlab.ch05.cache.ReflectorErrors.isExpired;
import static io.rvlab.ch05.cache.ReflectorErrors.isRetriableWatchStart;
import static io.rvlab.ch05.cache.ReflectorErrors.isTooLargeResourceVersion;

import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import java.io.IOException;
import java.util.Map;

/**
 * A {@link Reflector}'s streaming list (client-go's {@code Reflector.watchList}, KEP-3157 "watch-list"),
 * which the reflector uses in place of its LIST with {@link ReflectorOptions#useWatchList()}: the state
 * arrives as the initial events of a watch, and that same watch then carries the changes.
 */
final class WatchList {

    private final Reflector reflector;

    WatchList(Reflector reflector) {
        this.reflector = reflector;
    }

    // tag::watch-list[]
    /**
     * A streaming list (client-go's {@code watchList}): a watch with sendInitialEvents whose ADDED
     * events are collected apart until the BOOKMARK annotated {@code k8s.io/initial-events-end};
     * then the store is replaced with them at the bookmark's resourceVersion and the SAME stream is
     * returned, to be read on as an ordinary watch. 429 / connection refused: back off and retry;
     * 410 / too large: retry at ""; anything else: thrown (the caller falls back to LIST).
     */
    StreamWatcher watchList() throws Exception {
        while (!reflector.stopped()) {
            String rv = reflector.lastSyncResourceVersionUnavailable() ? "" : reflector.lastSyncResourceVersion();
            WatchListOptions request = WatchListOptions.watchList(rv, reflector.timeoutSeconds());
            StreamWatcher stream = null;
            long started = System.nanoTime();
            try {
                stream = reflector.listerWatcher.watch(request);
                reflector.watching(stream);
                reflector.listener.watchStarted(request);
                ThreadSafeIndexer initial = new ThreadSafeIndexer(Map.of());
                String bookmark = readInitialEvents(stream, initial);
                if (bookmark == null) {
                    stream.close();
                    reflector.listener.watchEnded(reflector.stopped() ? "closed" : "timeout before the initial-events-end bookmark");
                    if (!reflector.stopped() && initial.list().isEmpty() && ReflectorErrors.lastedUnderASecond(started)) {
                        throw ReflectorErrors.veryShortWatch(reflector.name());
                    }
                    continue;
                }
                reflector.setIsLastSyncResourceVersionUnavailable(false);
                reflector.store.replace(initial.list(), bookmark);
                reflector.setLastSyncResourceVersion(bookmark);
                reflector.listener.initialEventsEnded(bookmark, initial.list().size());
                return stream;
            } catch (StatusException | IOException e) {
                if (stream != null) {
                    stream.close();
                }
                if (reflector.stopped()) {
                    return null;
                }
                if (isRetriableWatchStart(e)) {
                    reflector.pause(e);
                    continue;
                }
                if (isExpired(e) || isTooLargeResourceVersion(e)) {
                    reflector.listener.watchEnded(describe(e));
                    reflector.setIsLastSyncResourceVersionUnavailable(true);
                    continue;
                }
                throw e;
            }
        }
        return null;
    }

    /** Reads the initial events into {@code initial}; the bookmark's resourceVersion, or null if the stream ended first. */
    private String readInitialEvents(StreamWatcher stream, Store initial) throws IOException {
        WatchEvent event;
        while ((event = stream.next()) != null) {
            switch (event.type()) {
                case ADDED -> initial.add(event.object());
                case MODIFIED -> initial.update(event.object());
                case DELETED -> initial.delete(event.object());
                case ERROR -> throw StreamWatcher.error(event);
                case BOOKMARK -> {
                    if ("true".equals(event.object().path("metadata").path("annotations")
                            .path(Reflector.INITIAL_EVENTS_END).asText())) {
                        reflector.listener.event(event, event.resourceVersion());
                        return event.resourceVersion();
                    }
                }
            }
            reflector.listener.event(event, reflector.lastSyncResourceVersion());
        }
        return null;
    }
    // end::watch-list[]
}
