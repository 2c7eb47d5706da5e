package io.rvlab.ch05.cache;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Reflector}'s resync (client-go's {@code resyncPeriod}, run by {@code Reflector.startResync}
 * while a watch runs): every period the store re-delivers what it already has, so that a controller
 * gets a periodic chance to reconcile everything. It asks the server nothing: a resync is not a relist.
 */
final class ResyncTimer {

    private final Duration resyncPeriod;
    private final Store store;
    private final ReflectorListener listener;
    private final ScheduledExecutorService timer;

    ResyncTimer(String reflectorName, Duration resyncPeriod, Store store, ReflectorListener listener) {
        this.resyncPeriod = resyncPeriod;
        this.store = store;
        this.listener = listener;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "reflector-resync-" + reflectorName);
            t.setDaemon(true);
            return t;
        });
    }

    // tag::resync[]
    /** Every resyncPeriod, while watching: the store re-delivers what it has. Never a LIST. */
    ScheduledFuture<?> start() {
        long period = resyncPeriod.toMillis();
        if (period <= 0) {
            return null;
        }
        return timer.scheduleWithFixedDelay(() -> {
            store.resync();
            listener.resynced();
        }, period, period, TimeUnit.MILLISECONDS);
    }
    // end::resync[]

    void shutdown() {
        timer.shutdownNow();
    }
}
