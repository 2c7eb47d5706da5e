/**
 * A watch straight from etcd. Read {@link WatchEvent} first (what a client receives), then
 * {@link EtcdEventTranslator}, which turns one etcd event into one Kubernetes event, then
 * {@link StorageWatch}, one etcd watch for one collection, delivering to a {@link WatchListener}.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apimachinery pkg/watch/watch.go</td><td>{@link WatchEvent}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/etcd3/event.go</td><td>{@link EtcdEventTranslator}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/etcd3/watcher.go</td>
 *       <td>{@link StorageWatch}, {@link EtcdEventTranslator}</td></tr>
 * </table>
 */
package io.rvlab.ch04.watch;
