/**
 * The registry: one generic store per resource, and per kind the small strategy that says what is
 * different. Read {@link RegistryStore} first: it turns API requests into storage calls and
 * storage answers into objects and Statuses, and every kind goes through it. Then {@link
 * CreateStrategy} and its three implementations ({@link ConfigMapStrategy}, {@link
 * NamespaceStrategy}, {@link DeploymentStrategy}), which show what one kind adds to a create.
 * {@link TypeMetaCheck} checks a body's kind and metadata types first, and {@link NameGenerator}
 * names an object created with generateName.
 * {@link ResourceType} and {@link ResourceTypes} describe what is served; {@link
 * NamespaceBootstrap} creates the namespaces every cluster starts with.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/registry/generic/registry/store.go</td><td>{@link RegistryStore}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/registry/rest/create.go</td><td>{@link CreateStrategy}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/names/generate.go</td><td>{@link NameGenerator}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/endpoints/handlers/create.go, update.go, rest.go</td>
 *       <td>{@link TypeMetaCheck}</td></tr>
 *   <tr><td>kubernetes pkg/registry/core/configmap/strategy.go</td><td>{@link ConfigMapStrategy}</td></tr>
 *   <tr><td>kubernetes pkg/registry/core/namespace/strategy.go</td><td>{@link NamespaceStrategy}</td></tr>
 *   <tr><td>kubernetes pkg/registry/apps/deployment/strategy.go</td><td>{@link DeploymentStrategy}</td></tr>
 * </table>
 */
package io.rvlab.ch02.registry;
