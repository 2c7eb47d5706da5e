package io.rvlab.ch05.server;

import io.etcd.jetcd.Client;
import io.rvlab.ch01.RevisionReader;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch04.cache.CacheWatcher;
import io.rvlab.ch04.cache.EventFeed;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.cache.WatchOptions;
import io.rvlab.ch04.cache.WatchSource;
import java.time.Duration;

/**
 * Where a watch with {@code sendInitialEvents} starts, and what it sends first (apiserver cacher's
 * {@code Watch} with {@code getWatchCacheResourceVersion}, {@code waitUntilWatchCacheFreshAndForceAllEvents}
 * and {@code getAllEventsSinceLocked}):
 * <ul>
 *   <li>{@code sendInitialEvents=true}: the required resourceVersion is etcd's current revision for
 *       "" (a consistent read), N for "N", nothing for "0"; the cache must reach it within three
 *       seconds (else one ERROR: 504 Too large resource version); then the cache's whole state as
 *       ADDED events, at the cache's resourceVersion C, then the changes after C;</li>
 *   <li>{@code sendInitialEvents=false}: no state; the changes after etcd's current revision (""),
 *       after the cache's resourceVersion ("0"), or after N (410 if N has left the window).</li>
 * </ul>
 */
final class WatchListStarter {

    /** apiserver's {@code blockTimeout}: how long a read waits for the watch cache to catch up. */
    static final Duration FRESHNESS_WAIT = Duration.ofSeconds(3);

    private static final Duration POLL = Duration.ofMillis(10);

    private final Client etcd;
    private final Versioner versioner = new Versioner();

    WatchListStarter(Client etcd) {
        this.etcd = etcd;
    }

    // tag::start[]
    /** The events of one watch that names sendInitialEvents (or was defaulted to it). */
    EventFeed start(WatchSource source, ResourceType type, WatchOptions watchOptions, WatchListRequest request)
            throws InterruptedException {
        long began = System.nanoTime();
        WatchOptions options = watchOptions;
        long requested = versioner.parse(options.resourceVersion()); // 400 for a resourceVersion that is no number
        if (!request.streamsInitialEvents()) {
            long from = options.resourceVersion().isEmpty() ? currentRevision()
                    : requested == 0 ? startOfAny(source) : requested;
            return source.watch(from(options, from));
        }
        long required = options.resourceVersion().isEmpty() ? currentRevision() : requested;
        CacheWatcher watcher;
        long state;
        if (source instanceof WatchCache cache) {
            if (!waitUntilFresh(cache, required)) {
                return new ErrorFeed(Status.tooLargeResourceVersion(required, cache.resourceVersion(), 1));
            }
            options = lessTheWait(options, began); // timeoutSeconds counts from the request, as in kube-apiserver
            synchronized (cache) { // the cache takes its lock to deliver: no live change slips in before we read C
                watcher = cache.watch(from(options, 0));
                state = watcher.resourceVersion();
            }
        } else { // straight from etcd: a list at the latest revision, then its changes
            watcher = source.watch(from(options, 0));
            state = watcher.resourceVersion();
            if (required > state) {
                watcher.close();
                return new ErrorFeed(Status.tooLargeResourceVersion(required, state, 1));
            }
        }
        return request.endsWithBookmark() ? new InitialEventsEndBookmark(watcher, type, state) : watcher;
    }
    // end::start[]

    private static WatchOptions lessTheWait(WatchOptions options, long began) {
        if (options.timeout() == null) {
            return options;
        }
        Duration left = options.timeout().minusNanos(System.nanoTime() - began);
        return options.withTimeout(left.isNegative() ? Duration.ZERO : left);
    }

    /** "Any" start: the cache's current resourceVersion, or etcd's revision when there is no cache. */
    private long startOfAny(WatchSource source) {
        return source instanceof WatchCache cache ? cache.resourceVersion() : currentRevision();
    }

    // tag::fresh[]
    /** Waits up to three seconds for the cache to have processed {@code required}; false if it did not. */
    static boolean waitUntilFresh(WatchCache cache, long required) throws InterruptedException {
        long deadline = System.nanoTime() + FRESHNESS_WAIT.toNanos();
        while (cache.resourceVersion() < required) {
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            Thread.sleep(POLL.toMillis());
        }
        return true;
    }
    // end::fresh[]

    /** etcd's current revision: the header of any read (a consistent read's starting point). */
    private long currentRevision() {
        return new RevisionReader(etcd).currentRevision();
    }

    private static WatchOptions from(WatchOptions options, long resourceVersion) {
        return new WatchOptions(options.namespace(), Long.toString(resourceVersion), options.filter(),
                options.allowBookmarks(), options.timeout());
    }
}
