package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.client.StreamWatcher;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A ListerWatcher in front of the real one that records every request, and can cut the open watch
 * and hold new watches back until {@link #resume()}: a network partition, on demand.
 */
final class CuttableListerWatcher implements ListerWatcher {

    private final ListerWatcher delegate;
    private final List<ListOptions> listRequests = new ArrayList<>();
    private StreamWatcher open;
    private boolean cut;
    private final java.util.ArrayDeque<Exception> watchFailures = new java.util.ArrayDeque<>();
    private final List<WatchListOptions> watchRequests = new ArrayList<>();

    CuttableListerWatcher(ListerWatcher delegate) {
        this.delegate = delegate;
    }

    @Override
    public ObjectNode list(ListOptions options) throws IOException {
        synchronized (this) {
            listRequests.add(options);
        }
        return delegate.list(options);
    }

    @Override
    public StreamWatcher watch(WatchListOptions options) throws IOException {
        synchronized (this) {
            while (cut) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted while cut");
                }
            }
        }
        synchronized (this) {
            watchRequests.add(options);
            Exception failure = watchFailures.poll();
            if (failure instanceof IOException io) {
                throw io;
            }
            if (failure != null) {
                throw (RuntimeException) failure;
            }
        }
        StreamWatcher stream = delegate.watch(options);
        synchronized (this) {
            open = stream;
        }
        return stream;
    }

    /** The next watch requests fail with these, in order, without reaching the server. */
    synchronized void failNextWatches(Exception... failures) {
        watchFailures.addAll(List.of(failures));
    }

    /** Every WATCH request, in order (failed ones too). */
    synchronized List<WatchListOptions> watchRequests() {
        return new ArrayList<>(watchRequests);
    }

    /** Every LIST request (pages too), in order. */
    synchronized List<ListOptions> listRequests() {
        return new ArrayList<>(listRequests);
    }

    /** Drops the open watch; new watches wait until resume(). */
    synchronized void cut() {
        cut = true;
        if (open != null) {
            open.close();
        }
    }

    synchronized void resume() {
        cut = false;
        notifyAll();
    }
}
