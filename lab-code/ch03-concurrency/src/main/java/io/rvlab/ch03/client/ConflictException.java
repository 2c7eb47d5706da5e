package io.rvlab.ch03.client;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;

/**
 * A 409 Conflict from the API server, with the Status it sent. It is a {@link StatusException},
 * so {@link io.rvlab.ch03.api.RetryOnConflict} recognises it as client-go's {@code IsConflict} does.
 */
public class ConflictException extends StatusException {

    public ConflictException(Status status) {
        super(status);
    }
}
