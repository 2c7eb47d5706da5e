package io.rvlab.ch03.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch02.storage.Storage;

/** Chapter 2's {@link Storage} plus the writes of chapter 3: updates and deletes that cannot lose a write. */
public interface UpdatableStorage extends Storage {

    // tag::contract[]
    /**
     * Read, modify, write in one etcd transaction that succeeds only if the key's mod_revision is
     * still the one read. If another writer got in first, reads again and re-runs
     * {@code tryUpdate} on the fresh object: a race between writers never surfaces as a conflict.
     * Only {@code preconditions}, or an error thrown by {@code tryUpdate}, fail the update.
     *
     * <p>If {@code tryUpdate} returns an object that encodes to the bytes already stored, nothing is
     * written and the object keeps its resourceVersion.
     *
     * @throws io.rvlab.ch02.storage.KeyNotFoundException if there is no object under the key
     * @throws PreconditionFailedException if a precondition does not hold
     */
    ObjectNode guaranteedUpdate(RegistryKey key, Preconditions preconditions, UpdateFunction tryUpdate);

    /**
     * Deletes the object if the preconditions hold, in one transaction comparing mod_revision;
     * retries on a concurrent write (checking the preconditions again). Returns the object as it
     * was, with the resourceVersion of the delete.
     *
     * @throws io.rvlab.ch02.storage.KeyNotFoundException if there is no object under the key
     * @throws PreconditionFailedException if a precondition does not hold
     */
    ObjectNode delete(RegistryKey key, Preconditions preconditions);
    // end::contract[]
}
