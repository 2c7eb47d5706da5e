/**
 * Clients of apply. Read {@link ApplyClient} (server-side apply and the writes that record Update
 * entries), then {@link ClientSideApply}, kubectl's older way with its last-applied annotation.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/kubectl pkg/cmd/apply/apply.go</td>
 *       <td>{@link ApplyClient}, {@link ClientSideApply}</td></tr>
 * </table>
 */
package io.rvlab.ch06.client;
