/**
 * Conflicts, as the API tells them and as a client survives them. Read {@link Conflicts} first
 * (the 409 Statuses of this chapter), then {@link RetryOnConflict}, the client's loop around a
 * read-modify-write. {@link FieldValidation} is what Go's decoder does to a body on its way into a
 * struct, over the schemas of {@code io.rvlab.ch03.wire.openapi}.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apimachinery pkg/api/errors/errors.go (NewConflict)</td><td>{@link Conflicts}</td></tr>
 *   <tr><td>k8s.io/client-go util/retry/util.go</td><td>{@link RetryOnConflict}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/rest.go (fieldValidation)</td>
 *       <td>{@link FieldValidation}</td></tr>
 * </table>
 */
package io.rvlab.ch03.api;
