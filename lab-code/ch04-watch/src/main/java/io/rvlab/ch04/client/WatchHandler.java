package io.rvlab.ch04.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.List;

/**
 * What a {@link ResumingWatcher} tells its consumer, one call at a time, on the watcher's thread.
 * Together the calls keep a copy of the collection exact: apply each event in turn, and on {@link
 * #onReplace} throw the copy away for the list (client-go's {@code ResourceEventHandler} over a
 * store that the reflector {@code Replace}s after a relist).
 */
public interface WatchHandler {

    /** An ADDED, MODIFIED or DELETED event: every change once, in resourceVersion order. */
    void onEvent(WatchEvent event);

    /**
     * The watcher lost its place in the history (410 Expired) and listed the collection again:
     * {@code items} is the whole state at {@code resourceVersion}, replacing everything delivered
     * so far; events continue after it. Changes in between were never delivered, and deletions
     * show only as objects missing from the list.
     */
    void onReplace(List<ObjectNode> items, String resourceVersion);

    /** A BOOKMARK: every change up to {@code resourceVersion} has been delivered. Optional. */
    default void onBookmark(String resourceVersion) {
    }
}
