package io.rvlab.ch04.cache;

import io.rvlab.ch02.registry.ResourceType;
import java.time.Duration;

/**
 * When a watcher that allows bookmarks gets one (kube-apiserver: cache_watcher.go's nextBookmarkTime,
 * and the cacher's bookmark timer, which looks every second for the watchers that are due): every
 * {@code bookmarkFrequency} (one minute in kube-apiserver), and once more two seconds before the
 * watch's timeout, so the client has a fresh resume point just before it must reconnect.
 */
final class WatcherBookmarks {

    private static final long BOOKMARK_BEFORE_TIMEOUT = Duration.ofSeconds(2).toNanos();

    private final Duration bookmarkFrequency;

    WatcherBookmarks(Duration bookmarkFrequency) {
        this.bookmarkFrequency = bookmarkFrequency;
    }

    // tag::send-due[]
    /** Sends each watcher that is due a bookmark one at {@code resourceVersion}, and schedules its next. */
    void sendDue(Iterable<CacheWatcher> watchers, ResourceType type, long resourceVersion, long now) {
        for (CacheWatcher watcher : watchers) {
            if (watcher.options().allowBookmarks() && now - watcher.nextBookmark() >= 0) {
                watcher.bookmark(Bookmarks.object(type, resourceVersion), resourceVersion);
                watcher.scheduleBookmark(next(watcher, now));
            }
        }
    }
    // end::send-due[]

    /** kube-apiserver: a bookmark every minute, and one two seconds before the watch's timeout. */
    long first(CacheWatcher watcher) {
        return next(watcher, System.nanoTime());
    }

    private long next(CacheWatcher watcher, long now) {
        long regular = now + bookmarkFrequency.toNanos();
        long beforeTimeout = watcher.deadline() - BOOKMARK_BEFORE_TIMEOUT;
        if (watcher.deadline() != Long.MAX_VALUE && beforeTimeout - now > 0 && beforeTimeout - regular < 0) {
            return beforeTimeout;
        }
        if (watcher.deadline() != Long.MAX_VALUE && beforeTimeout - now <= 0) {
            return Long.MAX_VALUE; // the last bookmark before the timeout has been sent
        }
        return regular;
    }
}
