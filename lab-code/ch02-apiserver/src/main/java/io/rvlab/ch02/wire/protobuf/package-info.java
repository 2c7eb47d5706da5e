/**
 * Wire imitation of the protobuf bodies client-go's typed clients send: {@link ProtobufBodies}
 * reads them into the JSON a client could have sent.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apimachinery pkg/runtime/serializer/protobuf/protobuf.go</td>
 *       <td>{@link ProtobufBodies}</td></tr>
 * </table>
 */
package io.rvlab.ch02.wire.protobuf;
