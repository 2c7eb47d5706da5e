package io.rvlab.ch04.watch;

/**
 * Receives a {@link StorageWatch}'s events, in resourceVersion order, one call at a time. After
 * {@link #onError} nothing more arrives: like kube-apiserver, a watch that failed ends, and the
 * watcher decides whether to resume or relist.
 */
public interface WatchListener {

    /** The next event. Called on etcd's client thread: keep it short, hand heavy work elsewhere. */
    void onEvent(WatchEvent event);

    /** Why the watch ended; for a compacted start, a {@link io.rvlab.ch01.CompactedRevisionException}. */
    void onError(RuntimeException error);
}
