/**
 * The watch cache: one etcd watch per resource, however many clients watch. Read
 * {@link WatchCache} first, then {@link CacheState} (the objects, the window of changes and their
 * resourceVersion), {@link EventWindow} and {@link ChangeWindow} (the recent changes
 * a watch from an older resourceVersion is served from, and when it is too old: 410), then
 * {@link CacheWatcher}, one watcher's queue, which never makes the cache wait, and
 * {@link WatcherBookmarks}, when it gets a bookmark; {@link CacheReadiness} says whether the cache
 * may serve at all.
 * {@link WatchCacheEvent}, {@link EncodedEvent} and {@link Bookmarks} are what flows;
 * {@link WatchOptions} what a watcher asks for. {@link UncachedWatches} is the same service
 * without the cache, for comparison; {@link WatchSource} chooses between them;
 * {@link StoredObjects} and {@link EventFeed} are plumbing.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/cacher/cacher.go</td>
 *       <td>{@link WatchCache}, {@link Bookmarks}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/cacher/ready.go</td><td>{@link CacheReadiness}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/cacher/watch_cache.go</td>
 *       <td>{@link CacheState}, {@link EventWindow}, {@link ChangeWindow}, {@link WatchCacheEvent}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/cacher/cache_watcher.go</td>
 *       <td>{@link CacheWatcher}, {@link WatcherBookmarks}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/cacher/caching_object.go</td><td>{@link EncodedEvent}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/etcd3/watcher.go</td><td>{@link UncachedWatches}</td></tr>
 * </table>
 */
package io.rvlab.ch04.cache;
