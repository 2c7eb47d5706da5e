/**
 * Bearer-token authentication for {@code ./course serve --tls}. Read {@link
 * BearerTokenAuthenticator}, then {@link TokenFile}.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/filters/authentication.go</td>
 *       <td>{@link BearerTokenAuthenticator}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/authentication/request/bearertoken/bearertoken.go</td>
 *       <td>{@link BearerTokenAuthenticator}</td></tr>
 * </table>
 */
package io.rvlab.ch02.server.authn;
