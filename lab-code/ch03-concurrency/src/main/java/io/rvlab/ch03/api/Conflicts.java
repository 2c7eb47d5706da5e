package io.rvlab.ch03.api;

import io.rvlab.ch02.api.GroupKind;
import io.rvlab.ch02.api.GroupResource;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StorageErrors;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.storage.PreconditionFailedException;

/**
 * The 409 Conflict Statuses of chapter 3 (apimachinery's {@code NewConflict}), and the translation of
 * chapter 3's storage errors, on top of chapter 2's {@link StorageErrors}.
 */
public final class Conflicts {

    /** apimachinery's {@code OptimisticLockErrorMsg}. */
    public static final String OPTIMISTIC_LOCK_MESSAGE =
            "the object has been modified; please apply your changes to the latest version and try again";

    private Conflicts() {
    }

    // tag::conflict[]
    /** 409 Conflict: {@code Operation cannot be fulfilled on configmaps "x": <why>}. */
    public static Status conflict(GroupResource resource, String name, String why) {
        return Status.failure(409, "Conflict", "Operation cannot be fulfilled on " + resource + " " + GoJson.quote(name)
                + ": " + why, new Status.Details(name, resource.group(), resource.resource(), null, null, 0));
    }

    /** The 409 of a PUT or PATCH whose resourceVersion is not the stored one. */
    public static Status optimisticLock(GroupResource resource, String name) {
        return conflict(resource, name, OPTIMISTIC_LOCK_MESSAGE);
    }
    // end::conflict[]

    // tag::delete-preconditions[]
    /**
     * The 409s of a DELETE whose preconditions fail against the object just read. Kubernetes names
     * the Kind here, not the resource: {@code Operation cannot be fulfilled on ConfigMap "x": ...}.
     */
    public static Status deleteUidMismatch(GroupKind kind, String name, String precondition, String record) {
        return conflict(new GroupResource(kind.group(), kind.kind()), name, "the UID in the precondition (" + precondition
                + ") does not match the UID in record (" + record + "). The object might have been deleted and then recreated");
    }

    public static Status deleteResourceVersionMismatch(GroupKind kind, String name, String precondition, String record) {
        return conflict(new GroupResource(kind.group(), kind.kind()), name, "the ResourceVersion in the precondition ("
                + precondition + ") does not match the ResourceVersion in record (" + record
                + "). The object might have been modified");
    }
    // end::delete-preconditions[]

    /** Chapter 2's translation, plus: a failed storage precondition is a 409 with the StorageError text. */
    public static Status toStatus(RuntimeException error, GroupResource resource, String name) {
        if (error instanceof PreconditionFailedException failed) {
            return conflict(resource, name, failed.getMessage());
        }
        return StorageErrors.toStatus(error, resource, name);
    }
}
