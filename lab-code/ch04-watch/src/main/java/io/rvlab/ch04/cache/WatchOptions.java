package io.rvlab.ch04.cache;

import io.rvlab.ch02.storage.ObjectFilter;
import java.time.Duration;

/**
 * What one watcher asks the watch cache for: the query parameters of {@code ?watch=1}.
 *
 * @param namespace only objects of this namespace, or "" for every namespace
 * @param resourceVersion "" or "0": the current state as ADDED events, then changes; N: every
 *        change after N
 * @param filter the label and field selectors
 * @param allowBookmarks whether the watcher wants BOOKMARK events ({@code allowWatchBookmarks})
 * @param timeout when the server ends the watch ({@code timeoutSeconds}), or null for never
 */
public record WatchOptions(String namespace, String resourceVersion, ObjectFilter filter, boolean allowBookmarks,
        Duration timeout) {

    /** Every change in {@code namespace} after {@code resourceVersion}, no selector, no bookmarks, no timeout. */
    public static WatchOptions from(String namespace, String resourceVersion) {
        return new WatchOptions(namespace, resourceVersion, ObjectFilter.EVERYTHING, false, null);
    }

    public WatchOptions withBookmarks() {
        return new WatchOptions(namespace, resourceVersion, filter, true, timeout);
    }

    public WatchOptions withFilter(ObjectFilter filter) {
        return new WatchOptions(namespace, resourceVersion, filter, allowBookmarks, timeout);
    }

    public WatchOptions withTimeout(Duration timeout) {
        return new WatchOptions(namespace, resourceVersion, filter, allowBookmarks, timeout);
    }
}
