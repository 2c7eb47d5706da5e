package io.rvlab.ch05.cache;

import static io.rvlab.ch05.cache.ReflectorErrors.describe;
import static io.rvlab.ch05.cache.ReflectorErrors.isExpired;
import static io.rvlab.ch05.cache.ReflectorErrors.isTooLargeResourceVersion;

import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch04.client.StreamWatcher;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
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
    // Package-private for the parts of the reflector in classes of their own (WatchList, WatchHandler,
    // PluggedLoop), as the methods of client-go's Reflector all reach the one struct.
    final ListerWatcher listerWatcher;
    final Store store;
    final ReflectorOptions options;
    final ReflectorListener listener;
    final ListPager pager;
    /** The pauses after failures: this reflector's own, it alone counts them and resets them. */
    private final BackoffManager backoff;
    private final AtomicInteger lists = new AtomicInteger();
    private final ResyncTimer resync;

    private volatile String lastSyncResourceVersion = "";
    private volatile boolean lastSyncUnavailable;
    /** An earlier "0" list came back in pages: the server has no watch cache, keep paging. */
    private boolean paginatedResult;
    private volatile boolean closed;
    private volatile StreamWatcher currentWatch;
    private Thread thread;
    private final WatchList watchList = new WatchList(this);
    private final WatchHandler watchHandler = new WatchHandler(this);
    /** The loop plugged with {@link ReflectorOptions#withLoop}; null when the reflector runs its own. */
    private final PluggedLoop pluggedLoop;

    public Reflector(String name, ListerWatcher listerWatcher, Store store, ReflectorOptions options, ReflectorListener listener) {
        this.name = name;
        this.listerWatcher = listerWatcher;
        this.store = store;
        this.options = options;
        this.backoff = options.backoff().newManager();
        this.listener = listener == null ? new ReflectorListener() { } : listener;
        this.pager = new ListPager(listerWatcher);
        this.pluggedLoop = options.loop() == null ? null : new PluggedLoop(this, options.loop());
        this.resync = new ResyncTimer(name, options.resyncPeriod(), store, this.listener);
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
        if (pluggedLoop != null) {
            pluggedLoop.run();
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
                stream = watchList.watchList();
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
            watchHandler.watch(stream);
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

    /** The resync ({@link ResyncTimer}) while watching; null when there is none. */
    ScheduledFuture<?> startResync() {
        return closed ? null : resync.start();
    }

    /** timeoutSeconds in [min, 2*min): watches of many clients do not all end at the same moment. */
    int timeoutSeconds() {
        double min = Math.max(1.0, options.minWatchTimeout().toMillis() / 1000.0);
        return (int) (min * (1.0 + ThreadLocalRandom.current().nextDouble()));
    }

    void pause(Throwable cause) throws InterruptedException {
        Duration pause = backoff.next();
        listener.backoff(pause, cause);
        if (closed) {
            throw new InterruptedException("closed");
        }
        Thread.sleep(pause.toMillis(), (int) (pause.toNanosPart() % 1_000_000));
    }

    /** The resume point moves (client-go's setLastSyncResourceVersion). */
    void setLastSyncResourceVersion(String resourceVersion) {
        lastSyncResourceVersion = resourceVersion;
    }

    /** client-go's setIsLastSyncResourceVersionUnavailable: the next list is at "" while true. */
    void setIsLastSyncResourceVersionUnavailable(boolean unavailable) {
        lastSyncUnavailable = unavailable;
    }

    /** The watch that {@link #close()} must close (null: none open). */
    void watching(StreamWatcher stream) {
        currentWatch = stream;
    }

    /** {@code stream} was closed: forget it, unless another watch has taken its place. */
    void doneWatching(StreamWatcher stream) {
        if (currentWatch == stream) {
            currentWatch = null;
        }
    }

    void countList() {
        lists.incrementAndGet();
    }

    /** {@link #close()} was called: every loop returns. */
    boolean stopped() {
        return closed;
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
        return pluggedLoop == null ? null : pluggedLoop.ended();
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
        resync.shutdown();
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
