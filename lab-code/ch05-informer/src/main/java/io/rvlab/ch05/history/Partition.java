package io.rvlab.ch05.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.WatchListOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A network between a reflector and its API server that a test can cut and heal: {@link #cut()}
 * closes the open watch connections and holds every new request until {@link #heal()}. Whatever the
 * server does meanwhile (writes, compaction, a watch cache window that moves on) the reflector learns
 * only afterwards, from the server's own answers (a resume that works, or a 410).
 */
public final class Partition implements ListerWatcher {

    private final ListerWatcher delegate;
    private final List<StreamWatcher> open = new ArrayList<>();
    private boolean cut;
    private int held;

    public Partition(ListerWatcher delegate) {
        this.delegate = delegate;
    }

    @Override
    public ObjectNode list(ListOptions options) throws IOException {
        pass();
        return delegate.list(options);
    }

    @Override
    public StreamWatcher watch(WatchListOptions options) throws IOException {
        pass();
        StreamWatcher watcher = delegate.watch(options);
        synchronized (this) {
            open.add(watcher);
        }
        return watcher;
    }

    /** Drops the open watch connections; new requests wait until {@link #heal()}. */
    public void cut() {
        List<StreamWatcher> closing;
        synchronized (this) {
            cut = true;
            closing = new ArrayList<>(open);
            open.clear();
        }
        closing.forEach(StreamWatcher::close);
    }

    /** Lets the held requests (and every later one) through. */
    public synchronized void heal() {
        cut = false;
        notifyAll();
    }

    /** Whether a request is waiting at the cut: the reflector has noticed it. */
    public synchronized boolean holding() {
        return held > 0;
    }

    private synchronized void pass() throws InterruptedIOException {
        held++;
        try {
            while (cut) {
                wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted at a network partition");
        } finally {
            held--;
        }
    }
}
