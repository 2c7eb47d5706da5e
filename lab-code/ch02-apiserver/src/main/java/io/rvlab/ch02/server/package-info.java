/**
 * The HTTP server: how a request reaches a handler and how the answer goes back. Read {@link
 * ApiServer} first: it receives each request, has it served on a thread of its pool and answers
 * Statuses for what goes wrong; {@link AuthenticationFilter} comes first when it serves HTTPS,
 * {@link Director} routes paths to discovery and to resources, {@link RequestLog} logs each
 * request, and {@link WsStream} tells a WebSocket request apart. Then
 * {@link ApiRequest} (the request as the API sees it), {@link ResourcePath} and {@link
 * ResourceHandler} (which verb of which resource), and {@link ApiResponse}. {@link ResponseStream}
 * and its two implementations, {@link HttpResponseStream} and {@link WebSocketResponseStream},
 * carry an answer that may go on for as long as a watch lasts; {@link JsonResponses} and {@link
 * RequestBody} frame bodies as Go's net/http does. {@link ApiServerMain} is {@code ./course
 * serve}. Discovery and Table printing are in {@code io.rvlab.ch02.wire}.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/server/handler.go</td><td>{@link ApiServer}, {@link Director}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/filters/authentication.go</td>
 *       <td>{@link AuthenticationFilter}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/server/httplog/httplog.go</td><td>{@link RequestLog}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/httpstream/wsstream/conn.go</td><td>{@link WsStream}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/installer.go</td><td>{@link ResourceHandler}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/request/requestinfo.go</td>
 *       <td>{@link ApiRequest}, {@link ResourcePath}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/responsewriters/writers.go</td>
 *       <td>{@link JsonResponses}, {@link ResponseStream}</td></tr>
 *   <tr><td>kubernetes cmd/kube-apiserver/app/server.go</td><td>{@link ApiServerMain}</td></tr>
 * </table>
 */
package io.rvlab.ch02.server;
