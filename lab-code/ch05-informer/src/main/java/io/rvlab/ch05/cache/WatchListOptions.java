package io.rvlab.ch05.cache;

/**
 * The query of one WATCH request (the watch half of {@code metav1.ListOptions}).
 *
 * @param resourceVersion where to start: "N" (changes after N), "" or "0" (the state, then changes)
 * @param allowWatchBookmarks ask for BOOKMARK events (the reflector always does)
 * @param timeoutSeconds when the server should end the watch (the reflector picks it at random, see {@link Reflector})
 * @param sendInitialEvents a streaming list (watch-list): the state as ADDED events, then a BOOKMARK
 *                          annotated {@code k8s.io/initial-events-end}; adds {@code resourceVersionMatch=NotOlderThan}
 */
public record WatchListOptions(String resourceVersion, boolean allowWatchBookmarks, int timeoutSeconds,
                               boolean sendInitialEvents) {

    public WatchListOptions {
        resourceVersion = resourceVersion == null ? "" : resourceVersion;
    }

    /** A plain watch from {@code resourceVersion}, bookmarks on, no initial events. */
    public static WatchListOptions watch(String resourceVersion, int timeoutSeconds) {
        return new WatchListOptions(resourceVersion, true, timeoutSeconds, false);
    }

    /** A watch-list: sendInitialEvents, resourceVersionMatch=NotOlderThan, bookmarks on. */
    public static WatchListOptions watchList(String resourceVersion, int timeoutSeconds) {
        return new WatchListOptions(resourceVersion, true, timeoutSeconds, true);
    }

    /** The match a watch-list has to send (the server refuses sendInitialEvents without it). */
    public String resourceVersionMatch() {
        return sendInitialEvents ? "NotOlderThan" : "";
    }

    @Override
    public String toString() {
        return "resourceVersion=\"" + resourceVersion + "\"" + (allowWatchBookmarks ? " allowWatchBookmarks" : "")
                + " timeoutSeconds=" + timeoutSeconds
                + (sendInitialEvents ? " sendInitialEvents resourceVersionMatch=NotOlderThan" : "");
    }
}
