package io.rvlab.exercises.ch05;

import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.WatchEventPolicy;

/**
 * <b>Exercise 5.2: bookmark handling.</b> Reference answer.
 */
public final class BookmarkHandling implements WatchEventPolicy {

    // tag::signature[]
    /**
     * The reflector's resume point after {@code event}.
     *
     * @param current the resume point before the event
     * @param event an ADDED, MODIFIED, DELETED or BOOKMARK event
     * @param initialEventsPhase the watch started at "" or "0" and nothing but ADDED has come yet
     */
    @Override
    public String resumePointAfter(String current, WatchEvent event, boolean initialEventsPhase) {
        if (initialEventsPhase && event.type() == WatchEvent.Type.ADDED) {
            return current; // the state, in no order: not progress
        }
        String rv = event.resourceVersion();
        return rv == null || rv.isEmpty() ? current : rv; // events and bookmarks alike
    }
    // end::signature[]
}
