/**
 * Chapter 3's storage: writes that cannot lose an update. Read {@link UpdatableStorage} first
 * (chapter 2's contract plus update and delete), then {@link EtcdUpdatableStorage}: every write is
 * one etcd transaction guarded by the mod_revision it read, retried on a fresher object.
 * {@link UpdateFunction} is the "modify" it may run more than once; {@link Preconditions} and
 * {@link PreconditionFailedException} are what a delete or update may demand of the stored object.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/interfaces.go (GuaranteedUpdate, Delete, Preconditions)</td>
 *       <td>{@link UpdatableStorage}, {@link UpdateFunction}, {@link Preconditions}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/etcd3/store.go</td><td>{@link EtcdUpdatableStorage}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/errors.go</td><td>{@link PreconditionFailedException}</td></tr>
 * </table>
 */
package io.rvlab.ch03.storage;
