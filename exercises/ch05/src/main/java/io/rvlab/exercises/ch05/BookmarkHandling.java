package io.rvlab.exercises.ch05;

import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.WatchEventPolicy;

/**
 * <b>Exercise 5.2: bookmark handling.</b>
 *
 * <p>After every watch event the reflector moves its resume point ({@code lastSyncResourceVersion}):
 * when the watch ends, it watches again from there, and the server sends only what came after. This
 * method says where the point goes:
 * <ul>
 *   <li>ADDED, MODIFIED, DELETED: their resourceVersion; events come in order, so everything before
 *       was delivered;</li>
 *   <li>BOOKMARK: its resourceVersion too, and that is its whole purpose: "everything up to here was
 *       sent to you". A quiet watch (nothing changes in its collection while others change) keeps a
 *       fresh resume point only through bookmarks; without them, after a dropped connection the
 *       server's watch cache window has moved on, the resume gets 410, and the reflector must relist
 *       the whole collection;</li>
 *   <li>but the initial ADDED events of a watch started at "" or "0" ({@code initialEventsPhase}) are
 *       the current state in no particular order: their resourceVersions are not progress, the point
 *       stays where it was.</li>
 * </ul>
 *
 * <p>Grade it with {@code ./course grade 5 --exercise 5.2}; the specification is
 * {@code BookmarkHandlingTest}, whose last test cuts a real informer's connection after its
 * namespace was quiet while others were busy, and counts the LISTs it needs to come back.
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
        throw new UnsupportedOperationException("TODO exercise 5.2: an initial ADDED leaves current; any other event"
                + " (a BOOKMARK too) moves to event.resourceVersion()");
    }
    // end::signature[]
}
