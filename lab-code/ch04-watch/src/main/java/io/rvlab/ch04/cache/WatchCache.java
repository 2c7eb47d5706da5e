package io.rvlab.ch04.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchResponse;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.storage.ObjectFilter;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch04.watch.MissingPrevKvException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * The watch cache of one resource (kube-apiserver's {@code Cacher} with its {@code watchCache}):
 * one etcd watch, however many clients watch, feeding
 * <ul>
 *   <li>the current state of every object, which answers {@code resourceVersion=0} lists and the
 *       ADDED events a watch from "0" starts with;</li>
 *   <li>a bounded window of recent changes ({@link Options#capacity}), which lets a watcher
 *       resume from a recent resourceVersion; one older than the window gets a 410 Expired
 *       ERROR event and must relist;</li>
 *   <li>every watcher's queue, filled without waiting so no watcher holds back another.</li>
 * </ul>
 * It starts by listing the resource from etcd at revision R and watching from R+1, the same
 * list-then-watch a client-go reflector does against the API server. Its etcd watch asks for
 * progress notifications, so its resourceVersion follows etcd's revision even while this resource
 * is quiet, and BOOKMARK events can tell an idle watcher a fresh resourceVersion to resume from
 * (why periodic notifications and not requested ones: {@link CacheState#progress}).
 *
 * <p>What the cache knows is {@link CacheState}'s; when a watcher gets a bookmark, {@link
 * WatcherBookmarks}'; whether it may serve at all, {@link CacheReadiness}'.
 */
public final class WatchCache implements WatchSource {

    /**
     * @param capacity how many recent changes the window holds (kube-apiserver sizes it
     *        between 100 and 100*1024 events, by time)
     * @param bookmarkFrequency how often a watcher that allows bookmarks gets one (one minute in
     *        kube-apiserver; also two seconds before its timeout)
     */
    public record Options(int capacity, Duration bookmarkFrequency) {

        public static final Options DEFAULT = new Options(1000, Duration.ofMinutes(1));

        public Options withCapacity(int capacity) {
            return new Options(capacity, bookmarkFrequency);
        }

        public Options withBookmarkFrequency(Duration frequency) {
            return new Options(capacity, frequency);
        }
    }

    private static final System.Logger LOG = System.getLogger(WatchCache.class.getName());

    /** How long a streak of "etcd unavailable" errors may last before the cache relists (kube-apiserver: 30 s). */
    static final Duration RETRY_IN_PLACE = Duration.ofSeconds(30);

    private final Client etcd;
    private final ResourceType type;
    private final Options options;
    private final Versioner versioner = new Versioner();
    private final RegistryPrefix prefix;
    private final ScheduledExecutorService ticker;
    private final WatcherBookmarks bookmarks;

    // Guarded by 'this': the state, the window, the watchers and the resourceVersion change together.
    private final CacheState cached;
    private final Set<CacheWatcher> watchers = ConcurrentHashMap.newKeySet();
    private Watch.Watcher etcdWatch;
    private final CacheReadiness readiness = new CacheReadiness(); // not between giving up on the etcd watch and the relist
    private final RetryWithDeadline retry = new RetryWithDeadline(RETRY_IN_PLACE);
    // Re-watches since the last answer from etcd: each waits twice as long, up to 8 s. Kept apart from
    // 'retry', as client-go's reflector keeps its backoff manager apart from its RetryWithDeadline: the
    // delay restarts whenever etcd answers, the streak only after a quiet minute or a relist.
    private int retries;
    private boolean closed;

    private WatchCache(Client etcd, ResourceType type, Options options, IntFunction<? extends ChangeWindow> windows) {
        this.etcd = etcd;
        this.type = type;
        this.options = options;
        this.prefix = type.prefix("");
        this.cached = new CacheState(versioner, windows.apply(options.capacity()));
        this.bookmarks = new WatcherBookmarks(options.bookmarkFrequency());
        this.ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "rvlab-watch-cache-" + type.resource());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Lists {@code type} from etcd, starts its etcd watch, and keeps both going until {@link #close}. */
    public static WatchCache start(Client etcd, ResourceType type, Options options) {
        return start(etcd, type, options, EventWindow::new);
    }

    /**
     * Like {@link #start(Client, ResourceType, Options)}, with a window of another making (exercise
     * 4.5): {@code windows} is given {@link Options#capacity} and returns the window this cache uses.
     */
    public static WatchCache start(Client etcd, ResourceType type, Options options,
            IntFunction<? extends ChangeWindow> windows) {
        WatchCache cache = new WatchCache(etcd, type, options, windows);
        cache.listAndWatch();
        long tick = Math.max(10, Math.min(1000, options.bookmarkFrequency().toMillis())); // kube-apiserver: every second
        cache.ticker.scheduleAtFixedRate(cache::tick, tick, tick, TimeUnit.MILLISECONDS);
        return cache;
    }

    public ResourceType type() {
        return type;
    }

    public Options options() {
        return options;
    }

    // tag::list-and-watch[]
    /** One etcd range for the state at revision R, then one etcd watch from R+1: nothing is missed between them. */
    private void listAndWatch() {
        GetResponse list = StoredObjects.range(etcd, prefix);
        long listRevision = list.getHeader().getRevision();
        synchronized (this) {
            cached.replace(list); // the state at R; the window starts empty at R
            readiness.set(true);
            retry.reset();
            watchFrom(listRevision + 1); // exactly the changes after the list
        }
    }

    private void watchFrom(long revision) {
        WatchOption watchOption = WatchOption.builder()
                .isPrefix(true)
                .withRevision(revision)
                .withPrevKV(true)          // a DELETE carries the last state
                .withProgressNotify(true)  // etcd tells us its revision while we are quiet
                .withRequireLeader(true)   // a member without a leader ends the watch rather than let it go quiet
                .build();                  // (kube-apiserver's etcd3 watcher.go: clientv3.WithRequireLeader)
        etcdWatch = etcd.getWatchClient().watch(Bytes.bytes(prefix.path()), watchOption,
                Watch.listener(this::received, this::failed));
    }
    // end::list-and-watch[]

    // tag::received[]
    /** etcd's changes, in revision order, on jetcd's thread: update state and window, then offer to every watcher. */
    private synchronized void received(WatchResponse response) {
        if (closed) {
            return;
        }
        retries = 0;
        if (response.isProgressNotify()) {
            // A progress notification: every change up to this revision has been sent to us.
            cached.progress(response.getHeader().getRevision());
            return;
        }
        for (io.etcd.jetcd.watch.WatchEvent etcdEvent : response.getEvents()) {
            WatchCacheEvent change;
            try {
                change = cached.processEvent(etcdEvent); // the state and the window, updated
            } catch (MissingPrevKvException e) {
                failed(e); // never skip it (a gap): end the watchers and list again, as after any broken etcd watch
                return;
            }
            if (change != null) {
                watchers.removeIf(watcher -> !watcher.deliver(change));
            }
        }
    }
    // end::received[]

    // tag::failed[]
    /**
     * The etcd watch broke. If etcd is only unavailable (a member gone, no leader) and has been for
     * less than {@link #RETRY_IN_PLACE}, nothing the cache holds is wrong, only late: watch again from
     * the revision after its resourceVersion, keeping its state, its watchers and its readiness, as
     * kube-apiserver's cacher does. Otherwise (its start compacted away, an event it cannot apply, or
     * etcd gone too long) end every watcher (each resumes, or relists on 410) and relist.
     */
    private void failed(Throwable error) {
        synchronized (this) {
            if (closed) {
                return;
            }
            if (retry.shouldRetry(error, System.nanoTime())) {
                long delay = 500L << Math.min(4, retries++);
                LOG.log(retries == 1 ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG, "the etcd watch of "
                        + type.resource() + " broke (" + error + "); watching again from revision "
                        + (cached.resourceVersion() + 1) + " in " + delay + " ms, keeping " + watchers.size() + " watcher(s)");
                etcdWatch.close();
                ticker.schedule(this::rewatch, delay, TimeUnit.MILLISECONDS);
                return;
            }
            LOG.log(System.Logger.Level.WARNING, "the etcd watch of " + type.resource() + " ended (" + error
                    + "); ending its watchers and relisting");
            readiness.set(false); // until the relist: no new watcher may start from a state that has stopped moving
            watchers.forEach(CacheWatcher::finish);
            watchers.clear();
            etcdWatch.close();
        }
        ticker.schedule(this::relist, 100, TimeUnit.MILLISECONDS);
    }
    // end::failed[]

    private synchronized void rewatch() {
        if (!closed) {
            watchFrom(cached.resourceVersion() + 1); // nothing before it is missing, nothing after it is seen twice
        }
    }

    private void relist() {
        try {
            synchronized (this) {
                if (closed) {
                    return;
                }
            }
            listAndWatch();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "relisting " + type.resource() + " failed, retrying: " + e.getMessage());
            ticker.schedule(this::relist, 1, TimeUnit.SECONDS);
        }
    }

    // tag::watch[]
    /**
     * A new watcher. From resourceVersion "" or "0": ADDED for every object that matches, then
     * every change. From N: every change after N still in the window; if the window no longer
     * reaches back to N, a watcher whose only event is ERROR 410 Expired ({@link CacheState#initialEvents}).
     *
     * @throws io.rvlab.ch02.storage.InvalidResourceVersionException if the resourceVersion is not a number
     */
    @Override
    public synchronized CacheWatcher watch(WatchOptions watchOptions) {
        long from = versioner.parse(watchOptions.resourceVersion());
        readiness.check(); // 429 while (re)initializing
        CacheWatcher watcher = new CacheWatcher(watchOptions, this::forget);
        if (!cached.initialEvents(watcher, from)) {
            return watcher; // too old for the window: its only event is ERROR 410 Expired
        }
        if (closed) {
            watcher.finish();
            return watcher;
        }
        watcher.scheduleBookmark(bookmarks.first(watcher));
        watchers.add(watcher);
        return watcher;
    }
    // end::watch[]

    private void forget() {
        // Called from CacheWatcher.close; the set is concurrent, so no lock is needed.
        watchers.removeIf(CacheWatcher::ended);
    }

    /**
     * A {@code resourceVersion=0} list ("any" freshness): the cache's current state, with the
     * cache's resourceVersion, which may be behind etcd's ({@link CacheState#list}).
     */
    public synchronized ObjectNode list(String namespace, ObjectFilter filter) {
        readiness.check(); // 429 while (re)initializing
        return cached.list(type, namespace, filter);
    }

    /** The newest revision the cache has processed: its last change, or etcd's last progress notification. */
    public synchronized long resourceVersion() {
        return cached.resourceVersion();
    }

    /** The revision just before the oldest change a watch can still resume after; older gets 410. */
    public synchronized long oldestResumable() {
        return cached.oldestResumable();
    }

    /** How many changes the window holds now. */
    public synchronized int windowSize() {
        return cached.windowSize();
    }

    /** How many watchers are being fed. */
    public int watcherCount() {
        return watchers.size();
    }

    /** How many etcd watches this cache holds: one, whatever the number of watchers. */
    @Override
    public synchronized int etcdWatches() {
        return etcdWatch != null && !etcdWatch.isClosed() ? 1 : 0;
    }

    // tag::tick[]
    /** Every second: send each watcher that is due a bookmark one, if the cache has got further than it. */
    private void tick() {
        try {
            long now = System.nanoTime();
            synchronized (this) {
                bookmarks.sendDue(watchers, type, cached.resourceVersion(), now); // if the cache got further than each
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "watch cache tick failed: " + e);
        }
    }
    // end::tick[]

    /** Ends every watcher and the etcd watch. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            watchers.forEach(CacheWatcher::finish);
            watchers.clear();
            if (etcdWatch != null) {
                etcdWatch.close();
            }
        }
        ticker.shutdownNow();
    }

    @Override
    public String toString() {
        return "WatchCache[" + type.resource() + " rv=" + resourceVersion() + " window=" + windowSize() + "/"
                + options.capacity() + " watchers=" + watcherCount() + "]";
    }
}
