/**
 * Ownership of fields, as structured-merge-diff keeps it. Read {@link Updater} first: the
 * bookkeeping of an Update (never conflicts) and an Apply (may conflict). It works on
 * {@link ManagedFieldSets} of {@link VersionedSet}s, and uses {@link ToFieldSet},
 * {@link Comparison}, {@link Merge} (with {@link ListMerge}) and {@link RemoveItems}; read them in
 * that order. {@link ApplySchema} and {@link ListType} say how a type merges; {@link UniqueItems}
 * and {@link ConflictsException} are the two ways an apply is refused; {@link Items} is shared.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff merge/update.go</td><td>{@link Updater}</td></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff merge/conflict.go</td><td>{@link ConflictsException}</td></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff fieldpath/managers.go</td>
 *       <td>{@link ManagedFieldSets}, {@link VersionedSet}</td></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff typed/tofieldset.go</td><td>{@link ToFieldSet}</td></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff typed/compare.go</td><td>{@link Comparison}</td></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff typed/merge.go</td>
 *       <td>{@link Merge}, {@link ListMerge}</td></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff typed/remove.go</td><td>{@link RemoveItems}</td></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff schema/elements.go</td>
 *       <td>{@link ApplySchema}, {@link ListType}</td></tr>
 * </table>
 */
package io.rvlab.ch06.structured;
