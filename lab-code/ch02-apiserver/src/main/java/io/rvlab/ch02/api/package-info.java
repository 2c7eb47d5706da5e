/**
 * The API layer's vocabulary: what a request may ask and how an error is told. Read {@link Status}
 * first, since every error a client sees is one, then {@link StorageErrors}, which turns storage's
 * exceptions into Statuses, and {@link StatusException}, which carries one to the HTTP layer. Next
 * {@link ListOptionsValidation} and {@link FieldError}: the 422 checks made before anything is
 * read. {@link LabelSelector} (read by {@link LabelSelectorParser}), {@link FieldSelector} and
 * {@link Selection} parse the selectors of a list; {@link LabelRules} checks label keys and values. {@link ObjectMeta} reads and writes the
 * metadata every object shares; {@link GroupKind} and {@link GroupResource} only name things in
 * messages.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apimachinery pkg/apis/meta/v1/types.go (Status)</td><td>{@link Status}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/api/errors/errors.go</td>
 *       <td>{@link Status}, {@link StorageErrors}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/apis/meta/internalversion/validation/validation.go</td>
 *       <td>{@link ListOptionsValidation}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/validation/field/errors.go</td><td>{@link FieldError}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/labels/selector.go</td>
 *       <td>{@link LabelSelector}, {@link LabelSelectorParser}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/fields/selector.go</td><td>{@link FieldSelector}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/validation/validation.go (IsQualifiedName, IsValidLabelValue)</td>
 *       <td>{@link LabelRules}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/selection_predicate.go</td><td>{@link Selection}</td></tr>
 * </table>
 */
package io.rvlab.ch02.api;
