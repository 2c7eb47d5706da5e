/**
 * Field paths and field sets. Read {@link PathElement} first (one step into an object), then
 * {@link FieldPath} and {@link FieldSet} (a trie of paths), then {@link FieldsV1}, the encoding
 * managedFields stores. {@link JsonOrder} is how values inside path elements compare and print.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff fieldpath/element.go</td>
 *       <td>{@link PathElement}, {@link JsonOrder}</td></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff fieldpath/path.go</td><td>{@link FieldPath}</td></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff fieldpath/set.go</td><td>{@link FieldSet}</td></tr>
 *   <tr><td>sigs.k8s.io/structured-merge-diff fieldpath/serialize.go</td><td>{@link FieldsV1}</td></tr>
 * </table>
 */
package io.rvlab.ch06.fieldpath;
