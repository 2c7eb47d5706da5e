package io.rvlab.ch04.cache;

/**
 * Where a resource's watches come from: its {@link WatchCache} (kube-apiserver's default), or etcd
 * directly, one etcd watch per watcher ({@link UncachedWatches}, kube-apiserver with
 * {@code --watch-cache=false}).
 */
public interface WatchSource extends AutoCloseable {

    /**
     * A new watcher. Never throws for a resourceVersion that is too old: the watcher's only event
     * is then an ERROR with a 410 Expired Status.
     *
     * @throws io.rvlab.ch02.storage.InvalidResourceVersionException if the resourceVersion is not a number
     */
    CacheWatcher watch(WatchOptions options);

    /** How many etcd watches this source holds now. */
    int etcdWatches();

    /** Ends every watcher and every etcd watch. */
    @Override
    void close();
}
