package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.ReflectorErrors.describe;
import static io.rvlab.ch05.cache.ReflectorErrors.isRetriableWatchStart;

import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import java.io.IOException;

/**
 * The watching half of a {@link Reflector}'s ListAndWatch (client-go's {@code Reflector.watch} and the
 * {@code watchHandler} it calls for each watch): watch from the last synced resourceVersion, apply every
 * event to the store, move the resume point, and watch again when a watch ends normally, until one ends
 * in a way only a new LIST can repair.
 */
final class WatchHandler {

    private final Reflector reflector;

    WatchHandler(Reflector reflector) {
        this.reflector = reflector;
    }

    /**
     * Watches from the last synced resourceVersion, again and again, until a watch ends in a way
     * that needs a LIST (thrown). {@code stream}: an already open stream to read first (watch-list).
     */
    void watch(StreamWatcher stream) throws Exception {
        while (!reflector.stopped()) {
            boolean initialEventsPhase = false;
            long started = System.nanoTime(); // before the request, as client-go measures a watch
            if (stream == null) {
                WatchListOptions request = WatchListOptions.watch(reflector.lastSyncResourceVersion(), reflector.timeoutSeconds());
                try {
                    stream = reflector.listerWatcher.watch(request);
                } catch (StatusException | IOException e) {
                    if (reflector.stopped()) {
                        return;
                    }
                    if (isRetriableWatchStart(e)) {
                        reflector.listener.watchEnded(describe(e));
                        reflector.pause(e); // the server is down or busy: no point in listing, just wait
                        continue;
                    }
                    throw e;
                }
                reflector.listener.watchStarted(request);
                initialEventsPhase = request.resourceVersion().isEmpty() || request.resourceVersion().equals("0");
            }
            reflector.watching(stream);
            try {
                handleWatch(stream, initialEventsPhase, started);
            } catch (StatusException e) {
                reflector.listener.watchEnded(describe(e));
                if (e.status().code() == 429) {
                    reflector.pause(e);
                    continue;
                }
                throw e; // 410 Expired and the rest: relist (after the run loop's backoff)
            } finally {
                stream.close();
                reflector.watching(null);
                stream = null;
            }
        }
    }

    // tag::handle-watch[]
    /**
     * Applies a watch's events to the store until the stream ends. Returns on a normal end (the
     * server's timeout, or a dropped connection: watch again); throws an ERROR event's Status; a
     * watch that ended within a second without a single event is suspicious and throws too.
     */
    private void handleWatch(StreamWatcher stream, boolean initialEventsPhase, long started) throws IOException {
        Store store = reflector.store;
        int events = 0;
        boolean besidesAdded = !initialEventsPhase;
        while (true) {
            WatchEvent event;
            try {
                event = stream.next();
            } catch (IOException e) {
                if (reflector.stopped()) {
                    return;
                }
                reflector.listener.watchEnded("connection: " + e.getMessage());
                break; // like a probable EOF in client-go: just watch again
            }
            if (event == null) {
                reflector.listener.watchEnded(reflector.stopped() ? "closed" : "timeout");
                break;
            }
            switch (event.type()) {
                case ERROR -> throw StreamWatcher.error(event);
                case ADDED -> store.add(event.object());
                case MODIFIED -> store.update(event.object());
                case DELETED -> store.delete(event.object());
                case BOOKMARK -> { } // progress only: the resourceVersion below
            }
            if (event.type() != WatchEvent.Type.ADDED) {
                besidesAdded = true;
            }
            reflector.setLastSyncResourceVersion(reflector.options.events()
                    .resumePointAfter(reflector.lastSyncResourceVersion(), event, !besidesAdded));
            events++;
            reflector.listener.event(event, reflector.lastSyncResourceVersion());
        }
        if (!reflector.stopped() && events == 0 && ReflectorErrors.lastedUnderASecond(started)) {
            throw ReflectorErrors.veryShortWatch(reflector.name());
        }
    }
    // end::handle-watch[]
}
