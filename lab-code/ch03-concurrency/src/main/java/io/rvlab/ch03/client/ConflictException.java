package io.rvlab.ch03.client;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;

/**
 * A 409 Conflict from the API server, with the Status it sent: the object is no longer what the
 * client read (a stale resourceVersion, or a failed precondition), so a fresh read and a new attempt
 * may succeed. Thrown for reason {@code Conflict} only: a taken name is an {@link
 * AlreadyExistsException}. It is a {@link StatusException}, which {@link
 * io.rvlab.ch03.api.RetryOnConflict} recognises as client-go's {@code IsConflict} does.
 */
public class ConflictException extends StatusException {

    public ConflictException(Status status) {
        super(status);
    }
}
