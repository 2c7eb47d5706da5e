/**
 * The course's one way to a real etcd: never a stand-in. Read {@link io.rvlab.support.etcd.Etcd} first
 * (one member, in a container this package starts or at the endpoints the learner names), then
 * {@link io.rvlab.support.etcd.EtcdSettings} (where the image and the endpoints come from) and
 * {@link io.rvlab.support.etcd.EtcdExtension} with {@link io.rvlab.support.etcd.FreshEtcd} and
 * {@link io.rvlab.support.etcd.KeyPrefix} (how tests share one etcd or take their own).
 *
 * <p>{@link io.rvlab.support.etcd.EtcdCluster} is a control plane's usual shape, three members: each on a
 * client network and a peer network ({@link io.rvlab.support.etcd.MemberNetwork}) at fixed addresses, so a
 * member can be stopped, killed, frozen or cut off from its peers and come back where its clients and
 * peers expect it. Where no container engine may be used ({@code RVLAB_ETCD_BINARY}, the classroom
 * grader's box) the members are processes of the etcd binary ({@link io.rvlab.support.etcd.EtcdMemberProcess}),
 * whose peers reach each other through proxies ({@link io.rvlab.support.etcd.PeerNetwork}) that can cut one off.
 */
package io.rvlab.support.etcd;
