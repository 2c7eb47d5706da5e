package io.rvlab.ch02.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What the registry needs from storage, in apiserver's storage.Interface terms. Objects are JSON
 * trees; keys come from {@link Keys}; every object returned carries its resourceVersion (the key's
 * mod_revision), every list the revision it was read at.
 *
 * <p>Chapter 2 needs only reads and creates. Chapter 3 adds {@code guaranteedUpdate} and
 * {@code delete} in an interface that extends this one, so no chapter-2 caller changes.
 */
public interface Storage {

    /**
     * Stores a new object under {@code key} only if the key does not exist yet.
     *
     * @param object the object to store; a resourceVersion in it is an error
     * @return the stored object with its resourceVersion: the revision of the create
     * @throws KeyExistsException if the key exists
     * @throws ResourceVersionSetOnCreateException if the object carries a resourceVersion
     */
    ObjectNode create(RegistryKey key, ObjectNode object);

    /**
     * Reads one object.
     *
     * <ul>
     *   <li>resourceVersion "": the most recent version (a linearizable read from etcd);</li>
     *   <li>"0": any version (this server has no cache, so also the most recent);</li>
     *   <li>"N": a version not older than N. If etcd has not reached N yet, waits briefly for it.</li>
     * </ul>
     *
     * @throws KeyNotFoundException if there is no object under the key
     * @throws InvalidResourceVersionException if the resourceVersion is not a number
     * @throws TooLargeResourceVersionException if etcd did not reach N in time
     */
    ObjectNode get(RegistryKey key, GetOptions options);

    /**
     * Reads the objects under a prefix, by the rules of Kubernetes' get/list semantics table: the
     * resourceVersion and resourceVersionMatch choose the etcd revision to read at, limit and
     * continue page the result, every page at the revision of the first.
     *
     * @throws InvalidResourceVersionException if the resourceVersion is not a number
     * @throws InvalidContinueTokenException if the continue token is not one this server made
     * @throws InvalidListOptionsException for a resourceVersion together with a continue token
     * @throws ResourceExpiredException if the revision to read at has been compacted
     * @throws TooLargeResourceVersionException if etcd did not reach the revision in time
     */
    ObjectList getList(RegistryPrefix prefix, ListOptions options);

    /** How this storage turns revisions into resourceVersions. */
    Versioner versioner();
}
