/**
 * One handler per verb. Read {@link Verb} first (how a request's method, path shape and {@code
 * watch} parameter become a verb) and {@link VerbHandler} (what every handler is), then {@link
 * ListResource}, the verb where resourceVersion matters most, then {@link GetResource} and {@link
 * CreateResource}. {@link BoolParam} and {@link DryRun} are small query-parameter rules.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/request/requestinfo.go</td><td>{@link Verb}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/get.go</td>
 *       <td>{@link GetResource}, {@link ListResource}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/create.go</td><td>{@link CreateResource}</td></tr>
 * </table>
 */
package io.rvlab.ch02.server.handlers;
