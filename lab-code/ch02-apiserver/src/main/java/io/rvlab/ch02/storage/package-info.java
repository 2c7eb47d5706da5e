/**
 * Storage: objects as JSON values under etcd keys, and resourceVersion as etcd revision. Read
 * {@link Storage} first, the whole contract the registry relies on, then {@link EtcdStorage},
 * which keeps it over a real etcd. {@link Versioner} is the one place where a revision becomes a
 * resourceVersion and back; read it before the read path.
 *
 * <p>The read path: {@link ReadDecision} turns a request's resourceVersion, resourceVersionMatch and
 * continue token into a {@link ReadAt}; {@link EtcdReads} reads etcd there, turning a compacted
 * revision into 410 Expired; {@link RevisionWaiter} covers a revision etcd has not reached; {@link ContinueToken} is the paged list's cursor. Keys: {@link Keys} builds {@link
 * RegistryKey} and {@link RegistryPrefix} from parts checked by {@link DnsNames}, which stays here
 * because it is what keeps a name inside its prefix. The exceptions ({@link StorageException} and
 * its subclasses) are storage's error vocabulary; they stay in this package, as apiserver keeps
 * its storage errors in package storage itself. The Go JSON encoding they use lives in {@code
 * io.rvlab.ch02.wire.gojson}.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/interfaces.go</td>
 *       <td>{@link Storage}, {@link GetOptions}, {@link ListOptions}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/etcd3/store.go</td>
 *       <td>{@link EtcdStorage}, {@link ReadDecision}, {@link ReadAt}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/etcd3/errors.go</td><td>{@link EtcdReads}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/api_object_versioner.go</td><td>{@link Versioner}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/continue.go</td><td>{@link ContinueToken}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/selection_predicate.go</td><td>{@link ObjectFilter}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/storage/errors.go</td>
 *       <td>{@link StorageException}, {@link KeyNotFoundException}, {@link KeyExistsException},
 *         {@link ResourceExpiredException}, {@link TooLargeResourceVersionException}</td></tr>
 *   <tr><td>k8s.io/apimachinery pkg/util/validation/validation.go</td><td>{@link DnsNames}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/registry/generic/registry/store.go (key functions)</td>
 *       <td>{@link Keys}, {@link RegistryKey}, {@link RegistryPrefix}</td></tr>
 * </table>
 */
package io.rvlab.ch02.storage;
