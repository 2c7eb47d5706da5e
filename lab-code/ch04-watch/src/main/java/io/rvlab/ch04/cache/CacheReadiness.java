package io.rvlab.ch04.cache;

import io.rvlab.ch02.api.Status;
import java.util.List;

/**
 * Whether a {@link WatchCache} may serve (kube-apiserver's cacher ready.go): not between giving up on
 * its etcd watch and the relist that replaces it, when its state has stopped following etcd and a
 * watcher started from it would miss changes. (While it only re-watches an unavailable etcd, it
 * stays ready: {@link RetryWithDeadline}.) kube-apiserver answers 429 {@code storage is (re)initializing}
 * then, before any stream begins, and clients retry (ResilientWatchCacheInitialization, KEP-4568: on by
 * default in 1.31, in pkg/storage/cacher/cacher.go); 1.26 held the request until the cache was ready.
 *
 * <p>Not thread-safe on its own: the cache sets and checks it under its lock.
 */
final class CacheReadiness {

    private boolean ready;

    /** Ready after a list has replaced the state; not ready once the etcd watch has failed. */
    void set(boolean ready) {
        this.ready = ready;
    }

    /** 429 TooManyRequests, retry after a second, unless ready. */
    void check() {
        if (!ready) {
            throw Status.failure(429, "TooManyRequests", "storage is (re)initializing",
                    new Status.Details(null, null, null, null, List.of(), 1)).exception();
        }
    }
}
