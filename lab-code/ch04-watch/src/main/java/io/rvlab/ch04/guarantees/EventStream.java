package io.rvlab.ch04.guarantees;

import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;

/**
 * One open watch, read by pulling: the shape of an HTTP watch response (one event per line) and
 * of the watch cache's watcher. Closing it is how a watcher disconnects.
 */
public interface EventStream extends AutoCloseable {

    /**
     * The next event, waiting up to {@code wait}; null if none came in time or the stream has
     * ended.
     */
    WatchEvent next(Duration wait) throws InterruptedException;

    /** Whether the stream has ended (server closed it, error, 410): no event will follow the queued ones. */
    boolean ended();

    /** Why it ended, for the record ("" while it has not). */
    default String endReason() {
        return "";
    }

    /** Disconnects; no further events. */
    @Override
    void close();
}
