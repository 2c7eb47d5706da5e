/**
 * Wire imitation of API discovery: {@link Discovery} writes the legacy documents kubectl reads to
 * learn which resources exist.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/discovery/legacy.go</td><td>{@link Discovery}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/discovery/root.go</td><td>{@link Discovery}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/discovery/version.go</td><td>{@link Discovery}</td></tr>
 * </table>
 */
package io.rvlab.ch02.wire.discovery;
