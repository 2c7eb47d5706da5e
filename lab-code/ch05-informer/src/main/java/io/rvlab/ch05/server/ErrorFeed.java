package io.rvlab.ch05.server;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch04.cache.EncodedEvent;
import io.rvlab.ch04.cache.EventFeed;
import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;

/**
 * A watch whose only event is one ERROR (apiserver cacher's {@code newErrWatcher}): once a watch's
 * options have been accepted, a problem found while starting it is told in the stream, with 200.
 */
final class ErrorFeed implements EventFeed {

    private EncodedEvent error;

    ErrorFeed(Status status) {
        this.error = new EncodedEvent(new WatchEvent(WatchEvent.Type.ERROR, status.toJson()));
    }

    @Override
    public synchronized EncodedEvent nextEncoded(Duration wait) {
        EncodedEvent next = error;
        error = null;
        return next;
    }

    @Override
    public synchronized boolean hasReadyEvent() {
        return error != null;
    }

    @Override
    public synchronized boolean ended() {
        return error == null;
    }

    /** The ERROR is ready at once, and then the watch is over: one wake says both. */
    @Override
    public void onReady(Runnable wake) {
        wake.run();
    }

    @Override
    public synchronized void close() {
        error = null;
    }
}
