/**
 * Field management in the registry. Read {@link ApplyRegistryStore} first (chapter 3's store
 * recording managers, and serving apply), then {@link ApplyPatch}, an apply request's body.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/registry/generic/registry/store.go</td>
 *       <td>{@link ApplyRegistryStore}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/patch.go (applyPatcher)</td>
 *       <td>{@link ApplyPatch}</td></tr>
 * </table>
 */
package io.rvlab.ch06.registry;
