package io.rvlab.ch04.guarantees;

import io.rvlab.ch02.storage.ObjectList;

/**
 * What a watcher under test watches: one collection (for example the ConfigMaps of one
 * namespace), read as a Kubernetes client reads it, by a consistent list and by watches from a
 * resourceVersion (client-go's {@code ListerWatcher}). The guarantee checker is indifferent to
 * what is behind it: etcd directly ({@link StorageWatchTarget}), the watch cache
 * ({@link WatchCacheTarget}), or HTTP ({@link HttpWatchTarget}). Not to be confused with the
 * server's {@code io.rvlab.ch04.cache.WatchSource} (cache or no cache behind the API server) or the
 * client's {@code ListerWatcher} (HTTP only): this one is what the guarantee tests drive.
 *
 * <p>Plugging another watch in takes an adapter of a few lines. Through the watch cache:
 * <pre>{@code
 * WatchTarget cached = new WatchTarget() {
 *     public ObjectList list() {                        // or a consistent list from etcd
 *         ObjectNode list = cache.list(namespace, ObjectFilter.EVERYTHING);
 *         List<ObjectNode> items = new ArrayList<>();
 *         list.path("items").forEach(item -> items.add((ObjectNode) item));
 *         return new ObjectList(items, list.path("metadata").path("resourceVersion").asText(), "",
 *                 OptionalLong.empty());
 *     }
 *     public EventStream watch(String resourceVersion) {
 *         CacheWatcher watcher = cache.watch(new WatchOptions(namespace, resourceVersion,
 *                 ObjectFilter.EVERYTHING, true, null));
 *         return new EventStream() {
 *             public WatchEvent next(Duration wait) throws InterruptedException { return watcher.next(wait); }
 *             public boolean ended() { return watcher.ended(); }
 *             public void close() { watcher.close(); }
 *         };
 *     }
 * };
 * }</pre>
 * Over HTTP, {@code list()} is a GET of the collection, and {@code watch} a GET with
 * {@code ?watch=1&resourceVersion=N&allowWatchBookmarks=true} whose lines a reader thread hands
 * to a {@link QueuedEventStream} ({@code onEvent} per line, {@code onError} at the end of the
 * body), closed by closing the response.
 */
public interface WatchTarget {

    /**
     * A consistent list of the collection now: its items, each with its resourceVersion, and the
     * list's resourceVersion, the revision it was read at. What a watcher relists.
     *
     * @throws RuntimeException if the list cannot be read now (etcd down, connection refused): the
     *         watcher retries
     */
    ObjectList list();

    /**
     * Starts a watch of every change after {@code resourceVersion} (a specific one, never "" or
     * "0"), delivered in resourceVersion order. A resourceVersion too old to be served is not an
     * exception: like kube-apiserver, the stream's only event is then an ERROR whose object is a
     * Status with code 410 (reason Expired), and the stream ends.
     *
     * @throws RuntimeException if the watch cannot be started now: the watcher retries
     */
    EventStream watch(String resourceVersion);
}
