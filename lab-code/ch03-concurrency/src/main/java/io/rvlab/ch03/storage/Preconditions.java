package io.rvlab.ch03.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.ObjectMeta;
import io.rvlab.ch02.storage.RegistryKey;

/**
 * What an object must still be for a write to go ahead (apiserver's storage.Preconditions): its
 * uid, its resourceVersion, or both. Empty strings mean "no condition". Storage checks them on
 * every attempt of an update or delete, against the object it is about to replace.
 */
public record Preconditions(String uid, String resourceVersion) {

    public static final Preconditions NONE = new Preconditions("", "");

    public Preconditions {
        uid = uid == null ? "" : uid;
        resourceVersion = resourceVersion == null ? "" : resourceVersion;
    }

    public static Preconditions uid(String uid) {
        return new Preconditions(uid, "");
    }

    public static Preconditions resourceVersion(String resourceVersion) {
        return new Preconditions("", resourceVersion);
    }

    public boolean isEmpty() {
        return uid.isEmpty() && resourceVersion.isEmpty();
    }

    // tag::check[]
    /**
     * Throws if {@code current} (read from {@code key}) does not meet the conditions, with
     * Kubernetes' wording ({@code Preconditions.Check}).
     */
    public void check(RegistryKey key, ObjectNode current) {
        if (!uid.isEmpty() && !uid.equals(ObjectMeta.uid(current))) {
            throw new PreconditionFailedException(key.path(), "Precondition failed: UID in precondition: " + uid
                    + ", UID in object meta: " + ObjectMeta.uid(current));
        }
        if (!resourceVersion.isEmpty() && !resourceVersion.equals(ObjectMeta.resourceVersion(current))) {
            throw new PreconditionFailedException(key.path(), "Precondition failed: ResourceVersion in precondition: "
                    + resourceVersion + ", ResourceVersion in object meta: " + ObjectMeta.resourceVersion(current));
        }
    }
    // end::check[]
}
