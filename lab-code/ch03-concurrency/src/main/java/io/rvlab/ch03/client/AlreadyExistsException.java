package io.rvlab.ch03.client;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;

/**
 * A 409 AlreadyExists from the API server: a create of a name that is taken ({@code configmaps "x"
 * already exists}). Same code as a {@link ConflictException}, but not a conflict: nothing changed
 * under the client, and retrying cannot help while the name stays taken. client-go's {@code
 * IsAlreadyExists}; {@link io.rvlab.ch03.api.RetryOnConflict} does not retry it.
 */
public class AlreadyExistsException extends StatusException {

    public AlreadyExistsException(Status status) {
        super(status);
    }
}
