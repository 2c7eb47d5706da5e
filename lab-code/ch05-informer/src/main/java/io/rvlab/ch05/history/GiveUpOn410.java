package io.rvlab.ch05.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.cache.WatchListOptions;
import java.io.IOException;
import java.io.InterruptedIOException;

/**
 * Bug lab: a reflector that stops for good when its watch ends in 410 Expired, as fabric8's Java
 * client's shared informer 4.7.0 did (fabric8io/kubernetes-client #1961): the store keeps its last
 * state, {@code hasSynced()} stays true, and every later change is missed. No relist policy can say "stop",
 * so the bug is a wrapper: it listens to the reflector, and after the first 410 it lets no request
 * through to the server again (they wait until {@link #close()}, as a dead loop would).
 * The checker reports GAVE_UP and FINAL_STATE. The fix: a 410 is ordinary control flow, answered by a
 * relist (what {@code io.rvlab.ch05.cache.Reflector} does when nothing is in its way).
 */
// tag::give-up[]
public final class GiveUpOn410 implements ListerWatcher, ReflectorListener, AutoCloseable {

    private final ListerWatcher delegate;
    private boolean gaveUp;
    private boolean closed;

    public GiveUpOn410(ListerWatcher delegate) {
        this.delegate = delegate;
    }

    @Override
    public void event(WatchEvent event, String lastSyncResourceVersion) {
        if (event.type() == WatchEvent.Type.ERROR && event.object().path("code").asInt() == 410) {
            giveUp();
        }
    }

    @Override
    public void watchEnded(String reason) {
        if (reason.startsWith("410")) {
            giveUp(); // BUG: the 410 ends the reflector instead of starting a relist
        }
    }

    @Override
    public ObjectNode list(ListOptions options) throws IOException {
        stopIfGivenUp();
        return delegate.list(options);
    }

    @Override
    public StreamWatcher watch(WatchListOptions options) throws IOException {
        stopIfGivenUp();
        return delegate.watch(options);
    }
    // end::give-up[]

    /** Whether the 410 has come and the reflector has stopped. */
    public synchronized boolean gaveUp() {
        return gaveUp;
    }

    private synchronized void giveUp() {
        gaveUp = true;
    }

    private synchronized void stopIfGivenUp() throws InterruptedIOException {
        while (gaveUp && !closed) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("the reflector had given up");
            }
        }
        if (closed) {
            throw new InterruptedIOException("closed");
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        notifyAll();
    }
}
