/**
 * Chapter 7's control plane: several API servers over one etcd cluster, behind one address.
 *
 * <p>Reading order: {@link io.rvlab.ch07.controlplane.ApiServerReplica} (one server, its own etcd
 * client and watch caches), {@link io.rvlab.ch07.controlplane.ReplicaBalancer} (the TCP balancer in
 * front), {@link io.rvlab.ch07.controlplane.ControlPlane} (the three put together).
 *
 * <p>Where each part lives in a real cluster:
 * <table>
 * <caption>Upstream counterparts</caption>
 * <tr><th>Here</th><th>Kubernetes</th></tr>
 * <tr><td>ApiServerReplica</td><td>one kube-apiserver process started with {@code --etcd-servers}
 *     naming every member (k8s.io/apiserver pkg/storage/storagebackend/config.go)</td></tr>
 * <tr><td>ReplicaBalancer</td><td>the load balancer of kubeadm's high-availability topology, in TCP
 *     mode, in front of every kube-apiserver</td></tr>
 * <tr><td>ControlPlane</td><td>a stacked-etcd control plane: three etcd members, several API servers</td></tr>
 * </table>
 */
package io.rvlab.ch07.controlplane;
