package io.rvlab.exercises.ch03.capstone;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.ch03.storage.Preconditions;
import io.rvlab.ch03.storage.UpdateFunction;
import io.rvlab.exercises.ch03.GuaranteedUpdate;
import io.rvlab.exercises.ch03.StoredObjects;

/**
 * Given, not an exercise: chapter 3's storage with <em>your</em> guaranteed update (exercise 3.1)
 * in place of the course's. Every PUT and PATCH the chapter 3 API server serves, from kubectl or
 * from any HTTP client, goes through {@link GuaranteedUpdate#update}; everything else (create, get,
 * list, delete) is the course's own. No hook was needed: the server takes any
 * {@link io.rvlab.ch03.storage.UpdatableStorage}, and this one overrides one method.
 */
public final class YourStorage extends EtcdUpdatableStorage {

    private final KV updates;
    private final StoredObjects objects;

    /** Your update on {@code etcd}'s own KV: what {@link ServeYourUpdate} runs. */
    public YourStorage(Client etcd) {
        this(etcd, etcd.getKVClient());
    }

    /** Your update on {@code updates}, a view of the same etcd (the grading tests pass one that races you). */
    public YourStorage(Client etcd, KV updates) {
        super(etcd);
        this.updates = updates;
        this.objects = new StoredObjects(versioner());
    }

    @Override
    public ObjectNode guaranteedUpdate(RegistryKey key, Preconditions preconditions, UpdateFunction tryUpdate) {
        // false: this chapter's registry expects storage to answer a missing object with 404 (KeyNotFoundException).
        // kube-apiserver's generic registry (Store.Update) passes true and answers 404 itself, in its tryUpdate,
        // for the kinds that a PUT may not create; the grading tests call your update with true directly.
        return GuaranteedUpdate.update(updates, objects, key, false, preconditions, tryUpdate);
    }
}
