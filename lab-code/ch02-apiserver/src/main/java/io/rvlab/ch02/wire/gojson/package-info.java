/**
 * Wire imitation of Go's encoding/json as kube-apiserver uses it: {@link GoJson} writes JSON as Go
 * does (escapes and number forms), {@link GoJsonSyntax} describes a malformed body in Go's words,
 * and {@link ObjectMetaOrder} keeps fields in the order of Go's ObjectMeta struct.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>Go src/encoding/json/encode.go</td><td>{@link GoJson}</td></tr>
 *   <tr><td>Go src/encoding/json/scanner.go</td><td>{@link GoJsonSyntax}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/apis/meta/v1/types.go (ObjectMeta)</td>
 *       <td>{@link ObjectMetaOrder}</td></tr>
 * </table>
 */
package io.rvlab.ch02.wire.gojson;
