/**
 * metadata.managedFields, kept on every write. Read {@link FieldManager} first (update records a
 * write, apply performs one), then {@link ManagedFields} and {@link ManagedFieldsEntry} (decoding
 * and encoding the entries), {@link ManagerIdentity} and {@link ManagerName} (who a write is
 * recorded under). {@link ResetFields} are fields a write cannot change; {@link ApplyConflicts} is
 * the 409 an apply that lost gets. The managers {@link FieldManager} composes are small classes
 * named after their upstream files: {@link VersionCheck}, {@link BuildManagerInfo},
 * {@link CapManagers}, {@link ManagedFieldsUpdater}, {@link StripMeta} and
 * {@link ResetFieldsStrategy}.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/managedfields/internal/fieldmanager.go</td>
 *       <td>{@link FieldManager}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/managedfields/internal/structuredmerge.go</td>
 *       <td>{@link FieldManager}, {@link ResetFieldsStrategy}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/managedfields/internal/versioncheck.go</td>
 *       <td>{@link VersionCheck}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/managedfields/internal/buildmanagerinfo.go</td>
 *       <td>{@link BuildManagerInfo}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/managedfields/internal/capmanagers.go</td>
 *       <td>{@link CapManagers}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/managedfields/internal/managedfieldsupdater.go</td>
 *       <td>{@link ManagedFieldsUpdater}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/managedfields/internal/stripmeta.go</td>
 *       <td>{@link StripMeta}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/managedfields/internal/managedfields.go</td>
 *       <td>{@link ManagedFields}, {@link ManagerIdentity}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/managedfields/internal/fields.go</td>
 *       <td>{@link ManagedFieldsEntry}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/managedfields/internal/conflict.go</td>
 *       <td>{@link ApplyConflicts}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/apis/meta/v1/types.go (ManagedFieldsEntry)</td>
 *       <td>{@link ManagedFieldsEntry}</td></tr>
 * </table>
 */
package io.rvlab.ch06.managedfields;
