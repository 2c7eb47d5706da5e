/**
 * client-go's informer machinery. Read {@link Reflector} first: LIST, then WATCH from the list's
 * resourceVersion, relisting after a 410; its watches are {@link WatchHandler}'s, its streaming list
 * {@link WatchList}'s, its resync {@link ResyncTimer}'s, and a loop written elsewhere runs as a
 * {@link PluggedLoop}; its choices are the small policies {@link RelistPolicy}
 * and {@link WatchEventPolicy}, its settings {@link ReflectorOptions}, the errors it tells apart
 * {@link ReflectorErrors}, its pauses {@link ReflectorBackoff} (the numbers) and {@link BackoffManager}
 * (each reflector's own state), and {@link ListPager} pages its lists. Then {@link Store}, {@link
 * ThreadSafeIndexer} and {@link Indexer} (the local cache,
 * filed by {@link ObjectKeys}), then {@link DeltaFIFO} with {@link Delta}, {@link DeltaType} and
 * {@link DeletedFinalStateUnknown} (the queue between reflector and informer), and last
 * {@link SharedInformer} with {@link ResourceEventHandler}, which ties them together.
 * {@link ListAndWatch}, {@link ReflectorListener}, {@link ListOptions} and
 * {@link WatchListOptions} are hooks and request options; {@link ForwardingStore} is a store put in
 * front of another.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/client-go tools/cache/reflector.go</td>
 *       <td>{@link Reflector}, {@link WatchHandler}, {@link WatchList}, {@link ResyncTimer},
 *         {@link ReflectorOptions}, {@link RelistPolicy}, {@link WatchEventPolicy},
 *         {@link ReflectorErrors}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/wait/backoff.go</td>
 *       <td>{@link ReflectorBackoff}, {@link BackoffManager}</td></tr>
 *   <tr><td>k8s.io/client-go tools/pager/pager.go</td><td>{@link ListPager}</td></tr>
 *   <tr><td>k8s.io/client-go tools/cache/store.go</td>
 *       <td>{@link Store}, {@link ObjectKeys}, {@link ForwardingStore}</td></tr>
 *   <tr><td>k8s.io/client-go tools/cache/thread_safe_store.go</td><td>{@link ThreadSafeIndexer}</td></tr>
 *   <tr><td>k8s.io/client-go tools/cache/index.go</td>
 *       <td>{@link Indexer}, {@link IndexFunc}, {@link Indexers}</td></tr>
 *   <tr><td>k8s.io/client-go tools/cache/delta_fifo.go</td>
 *       <td>{@link DeltaFIFO}, {@link Delta}, {@link DeltaType}, {@link DeletedFinalStateUnknown}</td></tr>
 *   <tr><td>k8s.io/client-go tools/cache/shared_informer.go</td>
 *       <td>{@link SharedInformer}, {@link ResourceEventHandler}</td></tr>
 *   <tr><td>k8s.io/client-go tools/cache/listwatch.go</td><td>{@link ListerWatcher}</td></tr>
 * </table>
 */
package io.rvlab.ch05.cache;
