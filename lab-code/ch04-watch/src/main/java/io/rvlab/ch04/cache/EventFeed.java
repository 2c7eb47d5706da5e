package io.rvlab.ch04.cache;

import java.time.Duration;

/**
 * What a watch stream reads from: a {@link CacheWatcher}, or something wrapped around one (chapter
 * 5 adds the bookmark that ends a streaming list's initial events this way).
 */
public interface EventFeed extends AutoCloseable {

    /**
     * The next event with its wire form, waiting up to {@code wait}. Null if none came in time, or if
     * the watch has ended ({@link #ended()} then says so).
     */
    EncodedEvent nextEncoded(Duration wait) throws InterruptedException;

    /** Whether an event is ready to take without waiting: the HTTP stream flushes when there is not. */
    boolean hasReadyEvent();

    /** Whether the watch is over: closed, timed out, failed, or cut off. */
    boolean ended();

    /**
     * For a reader that never waits (an HTTP stream driven by its connection's event loop): runs
     * {@code wake} whenever an event becomes ready or the watch ends, including its timeout, and at
     * once if that is already so. The reader then takes what is ready with {@code nextEncoded(Duration.ZERO)}.
     * {@code wake} may be called on the cache's own thread, so it must only schedule work, never do it.
     */
    void onReady(Runnable wake);

    /** Ends the watch and forgets what is queued. */
    @Override
    void close();
}
