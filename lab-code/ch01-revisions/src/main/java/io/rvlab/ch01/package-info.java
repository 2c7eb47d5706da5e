/**
 * Chapter 1: etcd's revisions, seen through jetcd, before any Kubernetes code. Start with {@link
 * FourNumbers}: one read of one key gives the store's revision and the key's create_revision,
 * mod_revision and version, and everything later in the course is built from those four numbers.
 * Then {@link RevisionWriter} and {@link AtomicPut} (how a write, or a transaction, makes exactly
 * one new revision), and {@link RevisionReader} (reading the store as it was at an earlier
 * revision).
 *
 * <p>{@link PrefixWatch} and {@link Change} show history replayed and then followed live, the ground
 * of chapter 4. {@link Compactor}, {@link CompactionProbe} and the two exceptions behind {@link
 * RevisionErrors} show where history ends. {@link Etcdctl}, {@link JetcdCalls}, {@link
 * RevisionTimeline} and {@link TimelineSvg} only narrate and draw; {@link Await} and {@link Bytes}
 * are plumbing.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>etcd client/v3/kv.go (Get, Put, Delete)</td>
 *       <td>{@link RevisionReader}, {@link RevisionWriter}, {@link FourNumbers}</td></tr>
 *   <tr><td>etcd client/v3/txn.go</td><td>{@link AtomicPut}</td></tr>
 *   <tr><td>etcd client/v3/watch.go</td>
 *       <td>{@link PrefixWatch}, {@link Change}, {@link CompactionProbe}</td></tr>
 *   <tr><td>etcd client/v3/compact_op.go</td><td>{@link Compactor}</td></tr>
 *   <tr><td>etcd mvcc/kvstore.go in v3.4, server/storage/mvcc/ since v3.6 (ErrCompacted, ErrFutureRev)</td>
 *       <td>{@link RevisionErrors}, {@link CompactedRevisionException},
 *         {@link FutureRevisionException}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/etcd3/compact.go</td>
 *       <td>{@link Compactor} (what kube-apiserver runs on a timer)</td></tr>
 * </table>
 */
package io.rvlab.ch01;
