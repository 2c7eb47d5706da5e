/**
 * Streaming lists (KEP-3157). Read {@link WatchListRequest} first (where a watch starts, after
 * current Kubernetes' defaulting), then {@link WatchListStarter} and
 * {@link InitialEventsEndBookmark}, the bookmark a client waits for before it calls itself synced.
 * {@link WatchListApiServer} assembles the server; {@link WatchListStart}, {@link ErrorFeed} and
 * {@link ApiServerMain} are plumbing.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apimachinery pkg/apis/meta/internalversion/defaults.go</td>
 *       <td>{@link WatchListRequest}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/cacher/cacher.go</td>
 *       <td>{@link WatchListStarter}, {@link ErrorFeed}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/cacher/cache_watcher.go</td>
 *       <td>{@link InitialEventsEndBookmark}</td></tr>
 * </table>
 */
package io.rvlab.ch05.server;
