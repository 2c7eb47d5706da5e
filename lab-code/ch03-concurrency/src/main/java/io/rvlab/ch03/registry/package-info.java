/**
 * Update, patch and delete in the registry. Read {@link UpdatingRegistryStore} first: chapter 2's
 * store with PUT, PATCH, /status and delete, every write a guaranteed update, a delete's
 * preconditions checked first by {@link BeforeDelete}. Then
 * {@link UpdateStrategy} and its kinds ({@link ConfigMapUpdateStrategy},
 * {@link NamespaceUpdateStrategy}, {@link DeploymentUpdateStrategy},
 * {@link CustomResourceStrategy}), where generation and the spec/status split live. {@link Patch}
 * and its three formats ({@link JsonPatch}, {@link MergePatch}, {@link StrategicMergePatch}) come
 * next; {@link DeploymentDefaults} and {@link ImagePullPolicy} are the defaults kube-apiserver
 * fills in, and {@link ServedTypes} lists what is served.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/registry/generic/registry/store.go</td>
 *       <td>{@link UpdatingRegistryStore}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/registry/rest/update.go</td><td>{@link UpdateStrategy}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/registry/rest/delete.go</td><td>{@link BeforeDelete}</td></tr>
 *   <tr><td>kubernetes pkg/registry/apps/deployment/strategy.go</td>
 *       <td>{@link DeploymentUpdateStrategy}</td></tr>
 *   <tr><td>kubernetes pkg/registry/core/namespace/strategy.go</td>
 *       <td>{@link NamespaceUpdateStrategy}</td></tr>
 *   <tr><td>kubernetes pkg/registry/core/configmap/strategy.go</td>
 *       <td>{@link ConfigMapUpdateStrategy}</td></tr>
 *   <tr><td>k8s.io/apiextensions-apiserver pkg/registry/customresource/strategy.go</td>
 *       <td>{@link CustomResourceStrategy}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/patch.go (the patcher)</td>
 *       <td>{@link Patch}, {@link JsonPatch}, {@link MergePatch}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/strategicpatch/patch.go</td>
 *       <td>{@link StrategicMergePatch}</td></tr>
 *   <tr><td>kubernetes pkg/apis/apps/v1/defaults.go</td><td>{@link DeploymentDefaults}</td></tr>
 *   <tr><td>kubernetes pkg/apis/core/v1/defaults.go</td>
 *       <td>{@link DeploymentDefaults}, {@link ImagePullPolicy}</td></tr>
 * </table>
 */
package io.rvlab.ch03.registry;
