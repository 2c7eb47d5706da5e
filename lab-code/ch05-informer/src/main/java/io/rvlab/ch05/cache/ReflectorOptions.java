package io.rvlab.ch05.cache;

import java.time.Duration;

/**
 * How a {@link Reflector} behaves: client-go's {@code ReflectorOptions} and the fields {@code
 * NewReflectorWithOptions} sets (k8s.io/client-go tools/cache/reflector.go), with withers.
 *
 * @param resyncPeriod how often to {@link Store#resync()}; {@link Duration#ZERO} = never
 * @param useWatchList stream the state with a watch-list instead of a LIST
 * @param pageSize LIST page size (client-go's pager: 500); 0 = no paging
 * @param minWatchTimeout each watch asks timeoutSeconds in [min, 2*min) (client-go: 5 min)
 * @param backoff the pauses after failures; each reflector takes a {@link BackoffManager} of its own
 * @param relist which resourceVersion to list at
 * @param events how events move the resume point
 * @param loop a ListAndWatch loop to run instead of the reflector's own (null: the reflector's own)
 */
public record ReflectorOptions(Duration resyncPeriod, boolean useWatchList, long pageSize, Duration minWatchTimeout,
                               ReflectorBackoff backoff, RelistPolicy relist, WatchEventPolicy events, ListAndWatch loop) {

    /** client-go's defaults: no resync, LIST then WATCH, pages of 500, 5-minute watches, its backoff and policies. */
    public static final ReflectorOptions CLIENT_GO = new ReflectorOptions(Duration.ZERO, false, 500, Duration.ofMinutes(5),
            ReflectorBackoff.clientGo(), RelistPolicy.CLIENT_GO, WatchEventPolicy.CLIENT_GO, null);

    public ReflectorOptions withResync(Duration d) {
        return new ReflectorOptions(d, useWatchList, pageSize, minWatchTimeout, backoff, relist, events, loop);
    }

    public ReflectorOptions withWatchList(boolean b) {
        return new ReflectorOptions(resyncPeriod, b, pageSize, minWatchTimeout, backoff, relist, events, loop);
    }

    public ReflectorOptions withPageSize(long n) {
        return new ReflectorOptions(resyncPeriod, useWatchList, n, minWatchTimeout, backoff, relist, events, loop);
    }

    public ReflectorOptions withMinWatchTimeout(Duration d) {
        return new ReflectorOptions(resyncPeriod, useWatchList, pageSize, d, backoff, relist, events, loop);
    }

    public ReflectorOptions withBackoff(ReflectorBackoff b) {
        return new ReflectorOptions(resyncPeriod, useWatchList, pageSize, minWatchTimeout, b, relist, events, loop);
    }

    public ReflectorOptions withRelist(RelistPolicy p) {
        return new ReflectorOptions(resyncPeriod, useWatchList, pageSize, minWatchTimeout, backoff, p, events, loop);
    }

    public ReflectorOptions withEvents(WatchEventPolicy p) {
        return new ReflectorOptions(resyncPeriod, useWatchList, pageSize, minWatchTimeout, backoff, relist, p, loop);
    }

    /**
     * Runs {@code l} in place of the reflector's own ListAndWatch (the capstone exercise's hook);
     * resync, backoff and watch timeouts still come from these options.
     */
    public ReflectorOptions withLoop(ListAndWatch l) {
        return new ReflectorOptions(resyncPeriod, useWatchList, pageSize, minWatchTimeout, backoff, relist, events, l);
    }
}
