/**
 * Wire imitation of server-side printing: {@link TableConvertor} answers {@code as=Table} with the
 * columns {@code kubectl get} shows.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/registry/rest/table.go</td><td>{@link TableConvertor}</td></tr>
 *   <tr><td>kubernetes pkg/printers/internalversion/printers.go</td><td>{@link TableConvertor}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/duration/duration.go</td>
 *       <td>{@link TableConvertor} ({@code humanDuration})</td></tr>
 * </table>
 */
package io.rvlab.ch02.wire.table;
