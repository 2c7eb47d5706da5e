package io.rvlab.ch05.cache;

import io.rvlab.ch04.watch.WatchEvent;

/**
 * How far a watch event moves the reflector's resume point ({@code lastSyncResourceVersion}). A
 * replaceable policy: bug labs swap in one that ignores bookmarks (exercise 5.1, the capstone, takes
 * this decision inside its own ListAndWatch loop).
 */
@FunctionalInterface
public interface WatchEventPolicy {

    /** The resume point after `event` (ADDED/MODIFIED/DELETED/BOOKMARK) given the current one; initial ADDEDs of a "0"/"" start do not move it. */
    String resumePointAfter(String current, WatchEvent event, boolean initialEventsPhase);

    // tag::watch-event[]
    /**
     * client-go: every event's resourceVersion, bookmarks included (a bookmark says "everything up
     * to here was delivered", and keeps a quiet watch's resume point inside the server's window).
     * The exception: the initial ADDEDs of a watch started at "" or "0" are the state in no
     * particular order, so their resourceVersions are not progress.
     */
    WatchEventPolicy CLIENT_GO = (current, event, initialEventsPhase) -> {
        if (initialEventsPhase && event.type() == WatchEvent.Type.ADDED) {
            return current;
        }
        String rv = event.resourceVersion();
        return rv.isEmpty() ? current : rv;
    };
    // end::watch-event[]
}
