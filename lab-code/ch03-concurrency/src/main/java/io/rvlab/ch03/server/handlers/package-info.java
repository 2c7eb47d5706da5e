/**
 * The write verbs. Read {@link UpdateResource} first (PUT, where resourceVersion decides), then
 * {@link PatchResource} and {@link DeleteResource}; {@link CreateResource} adds field validation
 * to chapter 2's create. {@link WriteOptions} is what POST and PUT read, and in which order, before
 * they write.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/update.go</td><td>{@link UpdateResource}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/patch.go</td><td>{@link PatchResource}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/delete.go</td><td>{@link DeleteResource}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/create.go</td><td>{@link CreateResource}, {@link WriteOptions}</td></tr>
 * </table>
 */
package io.rvlab.ch03.server.handlers;
