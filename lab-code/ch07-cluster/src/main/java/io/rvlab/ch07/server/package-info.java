/**
 * {@code ./course serve} for chapter 7: one server over one etcd member, or with
 * {@code --etcd-members} and {@code --replicas} a control plane of several
 * ({@link io.rvlab.ch07.controlplane.ControlPlane}).
 */
package io.rvlab.ch07.server;
