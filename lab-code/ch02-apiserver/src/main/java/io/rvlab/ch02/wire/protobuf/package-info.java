/**
 * Wire imitation of the protobuf bodies client-go's typed clients send: {@link ProtobufBodies}
 * reads them into the JSON a client could have sent, with the messages and field numbers of
 * {@link GeneratedProto} (a data table) and the wire format read by {@link WireReader}.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apimachinery pkg/runtime/serializer/protobuf/protobuf.go</td>
 *       <td>{@link ProtobufBodies}</td></tr>
 *   <tr><td>k8s.io/api core/v1, apps/v1 and k8s.io/apimachinery pkg/apis/meta/v1 generated.proto</td>
 *       <td>{@link GeneratedProto}</td></tr>
 *   <tr><td>k8s.io/api and k8s.io/apimachinery generated.pb.go (the Unmarshal methods)</td>
 *       <td>{@link WireReader}</td></tr>
 * </table>
 */
package io.rvlab.ch02.wire.protobuf;
