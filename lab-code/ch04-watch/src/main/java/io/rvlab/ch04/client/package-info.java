/**
 * A watching client. Read {@link StreamWatcher} first (one open watch, line by line), then
 * {@link ResumingWatcher}, which outlives its connections by watching again from the last
 * resourceVersion it delivered, with {@link Backoff}. {@link ListerWatcher} and {@link ListWatch}
 * list and watch one collection; {@link ExpiredException} and {@link StatusErrors} are how a 410
 * and other Statuses reach the program.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apimachinery pkg/watch/streamwatcher.go</td><td>{@link StreamWatcher}</td></tr>
 *   <tr><td>k8s.io/client-go tools/watch/retrywatcher.go</td><td>{@link ResumingWatcher}</td></tr>
 *   <tr><td>k8s.io/client-go tools/cache/listwatch.go</td>
 *       <td>{@link ListerWatcher}, {@link ListWatch}</td></tr>
 * </table>
 */
package io.rvlab.ch04.client;
