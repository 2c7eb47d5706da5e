package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.ReflectorErrors.describe;
import static io.rvlab.ch05.cache.ReflectorErrors.isExpired;
import static io.rvlab.ch05.cache.ReflectorErrors.isTooLargeResourceVersion;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ScheduledFuture;

/**
 * A {@link ListAndWatch} written elsewhere (plugged with {@link ReflectorOptions#withLoop}, the
 * chapter's capstone exercise), run by a {@link Reflector} in place of its own ListAndWatch. The loop
 * reaches the server and the store through adapters that keep the reflector's books as its own loop
 * keeps them: the last synced resourceVersion (client-go's {@code setLastSyncResourceVersion}), the
 * LIST count, the watch to close on {@link Reflector#close()}, and every request, event and end told to
 * the {@link ReflectorListener}, so the informer history checker judges the loop as it judges client-go's.
 */
final class PluggedLoop {

    private final Reflector reflector;
    private final ListAndWatch loop;
    /** The loop's last LIST request (what the store's next replace was asked with). */
    private volatile ListOptions lastList;
    /** Why the loop ended while the reflector was running; null while it runs as it should. */
    private volatile Throwable ended;

    PluggedLoop(Reflector reflector, ListAndWatch loop) {
        this.reflector = reflector;
        this.loop = loop;
    }

    /**
     * Runs the loop once, as it is meant to run until the reflector is closed. If it returns or throws
     * before that, the reflector has given up, as a buggy one would: nothing restarts it, {@link #ended()}
     * tells why.
     */
    void run() {
        ScheduledFuture<?> resync = reflector.startResync();
        try {
            loop.run(new LoopServer(), new LoopStore(reflector.store));
            if (!reflector.stopped()) {
                ended = new IllegalStateException("ListAndWatch returned while the informer was running");
            }
        } catch (InterruptedException e) {
            if (!reflector.stopped()) {
                ended = e;
            }
        } catch (RuntimeException | Error e) {
            if (!reflector.stopped()) {
                ended = e;
                System.err.println("reflector " + reflector.name() + ": ListAndWatch threw " + e);
            }
        } finally {
            if (resync != null) {
                resync.cancel(false);
            }
        }
    }

    /** Why the loop ended while the reflector was running; null while it runs on. */
    Throwable ended() {
        return ended;
    }

    /** The server as the loop reaches it: each request and answer told to the listener. */
    private final class LoopServer implements ListAndWatch.Server {

        @Override
        public ListPager.Result list(String resourceVersion) throws IOException {
            ListOptions request = ListOptions.resourceVersion(resourceVersion);
            lastList = request;
            reflector.countList();
            try {
                return reflector.pager.list(request, 0);
            } catch (IOException | RuntimeException e) {
                reflector.listener.listFailed(request, e);
                if (isExpired(e) || isTooLargeResourceVersion(e)) {
                    reflector.setIsLastSyncResourceVersionUnavailable(true);
                }
                throw e;
            }
        }

        @Override
        public ListAndWatch.Watch watch(String resourceVersion) throws IOException {
            WatchListOptions request = WatchListOptions.watch(resourceVersion, reflector.timeoutSeconds());
            StreamWatcher stream = reflector.listerWatcher.watch(request);
            reflector.watching(stream);
            if (reflector.stopped()) {
                stream.close();
            }
            reflector.listener.watchStarted(request);
            return new LoopWatch(stream);
        }

        @Override
        public void pause(Throwable cause) throws InterruptedException {
            reflector.pause(cause);
        }

        @Override
        public boolean stopped() {
            return reflector.stopped();
        }
    }

    /** One watch of the loop: each event, and how the watch ended, told to the listener. */
    private final class LoopWatch implements ListAndWatch.Watch {
        private final StreamWatcher stream;
        private boolean watchEnded;

        LoopWatch(StreamWatcher stream) {
            this.stream = stream;
        }

        @Override
        public WatchEvent next() throws IOException {
            WatchEvent event;
            try {
                event = stream.next();
            } catch (IOException | RuntimeException e) {
                end(reflector.stopped() ? "closed" : "connection: " + e.getMessage());
                throw e;
            }
            if (event == null) {
                end(reflector.stopped() ? "closed" : "timeout");
            } else if (event.type() == WatchEvent.Type.ERROR) {
                end(describe(StreamWatcher.error(event)));
            } else {
                if (!event.resourceVersion().isEmpty()) {
                    reflector.setLastSyncResourceVersion(event.resourceVersion());
                }
                reflector.listener.event(event, reflector.lastSyncResourceVersion());
            }
            return event;
        }

        private void end(String reason) {
            if (!watchEnded) {
                watchEnded = true;
                reflector.listener.watchEnded(reason);
            }
        }

        @Override
        public void close() {
            stream.close();
            reflector.doneWatching(stream);
        }
    }

    /** The store as the loop fills it: a replace is told to the listener as the list that synced it. */
    private final class LoopStore extends ForwardingStore {

        LoopStore(Store store) {
            super(store);
        }

        @Override
        public void replace(List<ObjectNode> items, String resourceVersion) {
            super.replace(items, resourceVersion);
            reflector.setIsLastSyncResourceVersionUnavailable(false);
            reflector.setLastSyncResourceVersion(resourceVersion);
            ListOptions asked = lastList;
            reflector.listener.listed(asked == null ? ListOptions.resourceVersion(resourceVersion) : asked,
                    resourceVersion, items.size());
        }
    }
}
