/**
 * Wire imitation of Kubernetes' OpenAPI: {@link Schema} (one node of a type's schema) and
 * {@link Definitions} (the named schemas), published by {@link OpenApiV3} and, minimally,
 * {@link OpenApiV2}. Field validation and strategic merge patch read the same schemas.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/kube-openapi pkg/handler3/handler.go</td><td>{@link OpenApiV3}</td></tr>
 *   <tr><td>k8s.io/kube-openapi pkg/handler/handler.go</td><td>{@link OpenApiV2}</td></tr>
 *   <tr><td>k8s.io/kube-openapi pkg/validation/spec/schema.go</td><td>{@link Schema}</td></tr>
 *   <tr><td>kubernetes pkg/generated/openapi/zz_generated.openapi.go</td><td>{@link Definitions}</td></tr>
 * </table>
 */
package io.rvlab.ch03.wire.openapi;
