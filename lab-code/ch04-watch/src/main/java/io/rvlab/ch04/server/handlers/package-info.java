/**
 * The watch verb. Read {@link WatchResource} first (options checked before any stream begins),
 * then {@link WatchStream}, one open watch written as lines of JSON. {@link ListFromCache} answers
 * {@code resourceVersion=0} lists from the cache; {@link NamespaceParam} checks the namespace.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/watch.go</td><td>{@link WatchStream}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/get.go (ListResource with watch=true)</td>
 *       <td>{@link WatchResource}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/cacher/cacher.go (GetList)</td><td>{@link ListFromCache}</td></tr>
 * </table>
 */
package io.rvlab.ch04.server.handlers;
