/**
 * Writes that record their manager. Read {@link PatchResource} first (apply-patch+yaml), then
 * {@link CreateResource}, {@link UpdateResource} and {@link RequestManager}.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/patch.go</td><td>{@link PatchResource}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/create.go</td><td>{@link CreateResource}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/update.go</td><td>{@link UpdateResource}</td></tr>
 * </table>
 */
package io.rvlab.ch06.server.handlers;
