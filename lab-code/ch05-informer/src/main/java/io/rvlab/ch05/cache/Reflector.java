package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.ReflectorErrors.describe;
import static io.rvlab.ch05.cache.ReflectorErrors.isExpired;
import static io.rvlab.ch05.cache.ReflectorErrors.isRetriableWatchStart;
import static io.rvlab.ch05.cache.ReflectorErrors.isTooLargeResourceVersion;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps a {@link Store} in step with one collection on the API server (client-go's {@code
 * Reflector}): LIST, then WATCH from the list's resourceVersion, applying every event to the store
 * and remembering how far it got ({@link #lastSyncResourceVersion}), so that a watch that ends is
 * resumed from there rather than by listing again.
 *
 * <p>The decisions, as client-go takes them (client-go tools/cache/reflector.go):
 * <ul>
 *   <li>which resourceVersion to list at: {@link RelistPolicy} ("0", then the last synced one, ""
 *       once that is unavailable);</li>
 *   <li>a LIST refused with 410 Expired or "Too large resource version": list again at once at "";</li>
 *   <li>how far an event moves the resume point: {@link WatchEventPolicy};</li>
 *   <li>a watch the server ends (its timeoutSeconds passed) or a dropped connection: watch again
 *       from the last synced resourceVersion, no LIST;</li>
 *   <li>a watch ending with an ERROR 410: back off, then LIST at the last synced resourceVersion
 *       (not at "": a not-older-than list from the watch cache is tried first);</li>
 *   <li>429 or connection refused when opening a watch: back off and watch again; other errors:
 *       back off and LIST;</li>
 *   <li>every {@code resyncPeriod}: {@link Store#resync()}, which asks the server nothing.</li>
 * </ul>
 * With {@link ReflectorOptions#useWatchList()} the LIST is replaced by a streaming list (5.6). With
 * {@link ReflectorOptions#withLoop} a {@link ListAndWatch} written elsewhere (the chapter's capstone
 * exercise) runs in
 * place of all of the above, and the listener still hears of every request and event.
 */
public final class Reflector implements AutoCloseable {

    /** The annotation on the BOOKMARK that ends a watch-list's initial events. */
    public static final String INITIAL_EVENTS_END = "k8s.io/initial-events-end";

    private final String name;
    private final ListerWatcher listerWatcher;
    private final Store store;
    private final ReflectorOptions options;
    /** The pauses after failures: this reflector's own, it alone counts them and resets them. */
    private final BackoffManager backoff;
    private final ReflectorListener listener;
    private final ListPager pager;
    private final AtomicInteger lists = new AtomicInteger();
    private final ScheduledExecutorService resyncTimer;

    private volatile String lastSyncResourceVersion = "";
    private volatile boolean lastSyncUnavailable;
    /** An earlier "0" list came back in pages: the server has no watch cache, keep paging. */
    private boolean paginatedResult;
    private volatile boolean closed;
    private volatile StreamWatcher currentWatch;
    private Thread thread;
    /** A plugged loop's last LIST request (what the store's next replace was asked with). */
    private volatile ListOptions lastLoopList;
    /** Why a plugged loop ended while the reflector was running; null while it runs as it should. */
    private volatile Throwable loopEnded;

    public Reflector(String name, ListerWatcher listerWatcher, Store store, ReflectorOptions options, ReflectorListener listener) {
        this.name = name;
        this.listerWatcher = listerWatcher;
        this.store = store;
        this.options = options;
        this.backoff = options.backoff().newManager();
        this.listener = listener == null ? new ReflectorListener() { } : listener;
        this.pager = new ListPager(listerWatcher);
        this.resyncTimer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "reflector-resync-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Runs ListAndWatch on a thread of its own until {@link #close()}. */
    public synchronized Reflector start() {
        if (thread != null) {
            throw new IllegalStateException("reflector " + name + " already started");
        }
        thread = new Thread(this::run, "reflector-" + name);
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    // tag::run[]
    /** client-go's {@code Run}: ListAndWatch, and after it returns for whatever reason, a backoff. */
    private void run() {
        if (options.loop() != null) {
            runLoop(options.loop());
            return;
        }
        while (!closed) {
            Throwable cause;
            try {
                listAndWatch();
                cause = new IllegalStateException("ListAndWatch returned");
            } catch (InterruptedException e) {
                break;
            } catch (Exception e) {
                cause = e;
            }
            if (closed) {
                break;
            }
            try {
                pause(cause);
            } catch (InterruptedException e) {
                break;
            }
        }
    }
    // end::run[]

    // tag::list-and-watch[]
    /**
     * One round: the state (a streaming list, or a LIST), then watches from it until one ends in a
     * way only a new list can repair. Throws what ended the round.
     */
    private void listAndWatch() throws Exception {
        StreamWatcher stream = null;
        if (options.useWatchList()) {
            try {
                stream = watchList();
                if (stream == null) {
                    return; // closed
                }
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                // e.g. a server without streaming lists answering 422: making progress beats waiting
                listener.watchEnded("watch-list refused, falling back to LIST: " + describe(e));
            }
        }
        if (stream == null) {
            list();
        }
        ScheduledFuture<?> resync = startResync();
        try {
            watch(stream);
        } finally {
            if (resync != null) {
                resync.cancel(false);
            }
        }
    }
    // end::list-and-watch[]

    // tag::list[]
    /** LIST (in pages), then replace the store's content with it, at the list's resourceVersion. */
    private void list() throws IOException {
        String rv = options.relist().listResourceVersion(lastSyncResourceVersion, lastSyncUnavailable);
        ListOptions request = ListOptions.resourceVersion(rv);
        long pageSize = options.pageSize();
        if (!paginatedResult && !rv.isEmpty() && !rv.equals("0")) {
            pageSize = 0; // a not-older-than list the watch cache can answer only if it is not paged
        }
        ListPager.Result result;
        lists.incrementAndGet();
        try {
            result = pager.list(request, pageSize);
        } catch (StatusException e) {
            listener.listFailed(request, e);
            if (!(isExpired(e) || isTooLargeResourceVersion(e))) {
                throw e;
            }
            // The resourceVersion is gone (compacted) or ahead of the server: list at once, consistently.
            lastSyncUnavailable = true;
            request = ListOptions.resourceVersion(options.relist().listResourceVersion(lastSyncResourceVersion, true));
            lists.incrementAndGet();
            try {
                result = pager.list(request, pageSize);
            } catch (IOException | RuntimeException again) {
                listener.listFailed(request, again);
                throw again;
            }
        } catch (IOException e) {
            listener.listFailed(request, e);
            throw e;
        }
        if (request.resourceVersion().equals("0") && result.paginated()) {
            paginatedResult = true;
        }
        lastSyncUnavailable = false;
        store.replace(result.items(), result.resourceVersion());
        lastSyncResourceVersion = result.resourceVersion();
        listener.listed(request, result.resourceVersion(), result.items().size());
    }
    // end::list[]

    // tag::watch-list[]
    /**
     * A streaming list (client-go's {@code watchList}): a watch with sendInitialEvents whose ADDED
     * events are collected apart until the BOOKMARK annotated {@code k8s.io/initial-events-end};
     * then the store is replaced with them at the bookmark's resourceVersion and the SAME stream is
     * returned, to be read on as an ordinary watch. 429 / connection refused: back off and retry;
     * 410 / too large: retry at ""; anything else: thrown (the caller falls back to LIST).
     */
    private StreamWatcher watchList() throws Exception {
        while (!closed) {
            String rv = lastSyncUnavailable ? "" : lastSyncResourceVersion;
            WatchListOptions request = WatchListOptions.watchList(rv, timeoutSeconds());
            StreamWatcher stream = null;
            long started = System.nanoTime();
            try {
                stream = listerWatcher.watch(request);
                currentWatch = stream;
                listener.watchStarted(request);
                ThreadSafeIndexer initial = new ThreadSafeIndexer(Map.of());
                String bookmark = readInitialEvents(stream, initial);
                if (bookmark == null) {
                    stream.close();
                    listener.watchEnded(closed ? "closed" : "timeout before the initial-events-end bookmark");
                    if (!closed && initial.list().isEmpty() && System.nanoTime() - started < TimeUnit.SECONDS.toNanos(1)) {
                        throw new VeryShortWatchException("very short watch: " + name
                                + ": Unexpected watch close - watch lasted less than a second and no items received");
                    }
                    continue;
                }
                lastSyncUnavailable = false;
                store.replace(initial.list(), bookmark);
                lastSyncResourceVersion = bookmark;
                listener.initialEventsEnded(bookmark, initial.list().size());
                return stream;
            } catch (StatusException | IOException e) {
                if (stream != null) {
                    stream.close();
                }
                if (closed) {
                    return null;
                }
                if (isRetriableWatchStart(e)) {
                    pause(e);
                    continue;
                }
                if (isExpired(e) || isTooLargeResourceVersion(e)) {
                    listener.watchEnded(describe(e));
                    lastSyncUnavailable = true;
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
                    if ("true".equals(event.object().path("metadata").path("annotations").path(INITIAL_EVENTS_END).asText())) {
                        listener.event(event, event.resourceVersion());
                        return event.resourceVersion();
                    }
                }
            }
            listener.event(event, lastSyncResourceVersion);
        }
        return null;
    }
    // end::watch-list[]

    /**
     * Watches from the last synced resourceVersion, again and again, until a watch ends in a way
     * that needs a LIST (thrown). {@code stream}: an already open stream to read first (watch-list).
     */
    private void watch(StreamWatcher stream) throws Exception {
        while (!closed) {
            boolean initialEventsPhase = false;
            long started = System.nanoTime(); // before the request, as client-go measures a watch
            if (stream == null) {
                WatchListOptions request = WatchListOptions.watch(lastSyncResourceVersion, timeoutSeconds());
                try {
                    stream = listerWatcher.watch(request);
                } catch (StatusException | IOException e) {
                    if (closed) {
                        return;
                    }
                    if (isRetriableWatchStart(e)) {
                        listener.watchEnded(describe(e));
                        pause(e); // the server is down or busy: no point in listing, just wait
                        continue;
                    }
                    throw e;
                }
                listener.watchStarted(request);
                initialEventsPhase = request.resourceVersion().isEmpty() || request.resourceVersion().equals("0");
            }
            currentWatch = stream;
            try {
                handleWatch(stream, initialEventsPhase, started);
            } catch (StatusException e) {
                listener.watchEnded(describe(e));
                if (e.status().code() == 429) {
                    pause(e);
                    continue;
                }
                throw e; // 410 Expired and the rest: relist (after the run loop's backoff)
            } finally {
                stream.close();
                currentWatch = null;
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
        int events = 0;
        boolean besidesAdded = !initialEventsPhase;
        while (true) {
            WatchEvent event;
            try {
                event = stream.next();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                listener.watchEnded("connection: " + e.getMessage());
                break; // like a probable EOF in client-go: just watch again
            }
            if (event == null) {
                listener.watchEnded(closed ? "closed" : "timeout");
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
            lastSyncResourceVersion = options.events().resumePointAfter(lastSyncResourceVersion, event, !besidesAdded);
            events++;
            listener.event(event, lastSyncResourceVersion);
        }
        if (!closed && events == 0 && System.nanoTime() - started < TimeUnit.SECONDS.toNanos(1)) {
            throw new VeryShortWatchException("very short watch: " + name
                    + ": Unexpected watch close - watch lasted less than a second and no items received");
        }
    }
    // end::handle-watch[]

    /**
     * Runs a ListAndWatch written elsewhere ({@link ReflectorOptions#withLoop}) once, as it is meant to run
     * until the reflector is closed. If it returns or throws before that, the reflector has given up,
     * as a buggy one would: nothing restarts it, {@link #loopEnded()} tells why.
     */
    private void runLoop(ListAndWatch loop) {
        ScheduledFuture<?> resync = startResync();
        try {
            loop.run(new LoopServer(), new LoopStore());
            if (!closed) {
                loopEnded = new IllegalStateException("ListAndWatch returned while the informer was running");
            }
        } catch (InterruptedException e) {
            if (!closed) {
                loopEnded = e;
            }
        } catch (RuntimeException | Error e) {
            if (!closed) {
                loopEnded = e;
                System.err.println("reflector " + name + ": ListAndWatch threw " + e);
            }
        } finally {
            if (resync != null) {
                resync.cancel(false);
            }
        }
    }

    /** The server as a plugged loop reaches it: each request and answer told to the listener. */
    private final class LoopServer implements ListAndWatch.Server {

        @Override
        public ListPager.Result list(String resourceVersion) throws IOException {
            ListOptions request = ListOptions.resourceVersion(resourceVersion);
            lastLoopList = request;
            lists.incrementAndGet();
            try {
                return pager.list(request, 0);
            } catch (IOException | RuntimeException e) {
                listener.listFailed(request, e);
                if (isExpired(e) || isTooLargeResourceVersion(e)) {
                    lastSyncUnavailable = true;
                }
                throw e;
            }
        }

        @Override
        public ListAndWatch.Watch watch(String resourceVersion) throws IOException {
            WatchListOptions request = WatchListOptions.watch(resourceVersion, timeoutSeconds());
            StreamWatcher stream = listerWatcher.watch(request);
            currentWatch = stream;
            if (closed) {
                stream.close();
            }
            listener.watchStarted(request);
            return new LoopWatch(stream);
        }

        @Override
        public void pause(Throwable cause) throws InterruptedException {
            Reflector.this.pause(cause);
        }

        @Override
        public boolean stopped() {
            return closed;
        }
    }

    /** One watch of a plugged loop: each event, and how the watch ended, told to the listener. */
    private final class LoopWatch implements ListAndWatch.Watch {
        private final StreamWatcher stream;
        private boolean ended;

        LoopWatch(StreamWatcher stream) {
            this.stream = stream;
        }

        @Override
        public WatchEvent next() throws IOException {
            WatchEvent event;
            try {
                event = stream.next();
            } catch (IOException | RuntimeException e) {
                end(closed ? "closed" : "connection: " + e.getMessage());
                throw e;
            }
            if (event == null) {
                end(closed ? "closed" : "timeout");
            } else if (event.type() == WatchEvent.Type.ERROR) {
                end(describe(StreamWatcher.error(event)));
            } else {
                if (!event.resourceVersion().isEmpty()) {
                    lastSyncResourceVersion = event.resourceVersion();
                }
                listener.event(event, lastSyncResourceVersion);
            }
            return event;
        }

        private void end(String reason) {
            if (!ended) {
                ended = true;
                listener.watchEnded(reason);
            }
        }

        @Override
        public void close() {
            stream.close();
            if (currentWatch == stream) {
                currentWatch = null;
            }
        }
    }

    /** The store as a plugged loop fills it: a replace is told to the listener as the list that synced it. */
    private final class LoopStore implements Store {

        @Override
        public void add(ObjectNode object) {
            store.add(object);
        }

        @Override
        public void update(ObjectNode object) {
            store.update(object);
        }

        @Override
        public void delete(ObjectNode object) {
            store.delete(object);
        }

        @Override
        public List<ObjectNode> list() {
            return store.list();
        }

        @Override
        public List<String> listKeys() {
            return store.listKeys();
        }

        @Override
        public Optional<ObjectNode> getByKey(String key) {
            return store.getByKey(key);
        }

        @Override
        public void replace(List<ObjectNode> items, String resourceVersion) {
            store.replace(items, resourceVersion);
            lastSyncUnavailable = false;
            lastSyncResourceVersion = resourceVersion;
            ListOptions asked = lastLoopList;
            listener.listed(asked == null ? ListOptions.resourceVersion(resourceVersion) : asked, resourceVersion, items.size());
        }

        @Override
        public void resync() {
            store.resync();
        }
    }

    /** A watch closed within a second with no event: something is wrong, relist (client-go's errorVeryShortWatch). */
    static final class VeryShortWatchException extends IOException {
        VeryShortWatchException(String message) {
            super(message);
        }
    }

    // tag::resync[]
    /** Every resyncPeriod, while watching: the store re-delivers what it has. Never a LIST. */
    private ScheduledFuture<?> startResync() {
        long period = options.resyncPeriod().toMillis();
        if (period <= 0 || closed) {
            return null;
        }
        return resyncTimer.scheduleWithFixedDelay(() -> {
            store.resync();
            listener.resynced();
        }, period, period, TimeUnit.MILLISECONDS);
    }
    // end::resync[]

    /** timeoutSeconds in [min, 2*min): watches of many clients do not all end at the same moment. */
    private int timeoutSeconds() {
        double min = Math.max(1.0, options.minWatchTimeout().toMillis() / 1000.0);
        return (int) (min * (1.0 + ThreadLocalRandom.current().nextDouble()));
    }

    private void pause(Throwable cause) throws InterruptedException {
        Duration pause = backoff.next();
        listener.backoff(pause, cause);
        if (closed) {
            throw new InterruptedException("closed");
        }
        Thread.sleep(pause.toMillis(), (int) (pause.toNanosPart() % 1_000_000));
    }

    public String lastSyncResourceVersion() {
        return lastSyncResourceVersion;
    }

    /** Whether the last synced resourceVersion is known to be unavailable (the next list is at ""). */
    public boolean lastSyncResourceVersionUnavailable() {
        return lastSyncUnavailable;
    }

    /**
     * A loop plugged with {@link ReflectorOptions#withLoop} that returned or threw while the reflector was
     * running (it gave up); null if it runs on, or if the reflector runs its own loop.
     */
    public Throwable loopEnded() {
        return loopEnded;
    }

    /** LIST requests made so far (pages count once per list). */
    public int lists() {
        return lists.get();
    }

    public String name() {
        return name;
    }

    @Override
    public void close() {
        closed = true;
        StreamWatcher stream = currentWatch;
        if (stream != null) {
            stream.close();
        }
        resyncTimer.shutdownNow();
        Thread t;
        synchronized (this) {
            t = thread;
        }
        if (t != null) {
            t.interrupt();
            try {
                t.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
