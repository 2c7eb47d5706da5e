/**
 * A small typed client that shows how 409 reaches a program. Read {@link ApiClient} first, then
 * {@link ConflictException} and {@link AlreadyExistsException} (the same code, two very different
 * meanings). {@link ResourceClient}, {@link ConfigMapClient} and {@link DeploymentClient} add the
 * paths of one resource.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/client-go rest/request.go</td><td>{@link ApiClient}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/api/errors/errors.go (IsConflict, IsAlreadyExists)</td>
 *       <td>{@link ConflictException}, {@link AlreadyExistsException}</td></tr>
 * </table>
 */
package io.rvlab.ch03.client;
