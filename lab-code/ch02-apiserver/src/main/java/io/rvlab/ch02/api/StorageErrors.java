package io.rvlab.ch02.api;

import io.rvlab.ch02.storage.CorruptObjectException;
import io.rvlab.ch02.storage.InvalidContinueTokenException;
import io.rvlab.ch02.storage.InvalidKeyException;
import io.rvlab.ch02.storage.InvalidListOptionsException;
import io.rvlab.ch02.storage.InvalidResourceVersionException;
import io.rvlab.ch02.storage.KeyExistsException;
import io.rvlab.ch02.storage.KeyNotFoundException;
import io.rvlab.ch02.storage.ResourceExpiredException;
import io.rvlab.ch02.storage.ResourceVersionSetOnCreateException;
import io.rvlab.ch02.storage.StorageException;
import io.rvlab.ch02.storage.TooLargeResourceVersionException;

/**
 * Translates storage's errors into API Statuses (apiserver's storage/errors and
 * apierrors), so the rest of the server can simply let storage exceptions propagate.
 */
public final class StorageErrors {

    private StorageErrors() {
    }

    // tag::translate[]
    /**
     * The Status for a storage error during a request on {@code resource} (and {@code name}, for a
     * single object).
     */
    public static Status toStatus(RuntimeException error, GroupResource resource, String name) {
        if (error instanceof KeyNotFoundException) {
            return Status.notFound(resource, name);
        }
        if (error instanceof KeyExistsException) {
            return Status.alreadyExists(resource, name);
        }
        if (error instanceof TooLargeResourceVersionException tooLarge) {
            return Status.tooLargeResourceVersion(tooLarge.requested(), tooLarge.current(), tooLarge.retryAfterSeconds());
        }
        if (error instanceof ResourceExpiredException expired) {
            return Status.expired(expired.getMessage(), expired.continueToken().orElse(null));
        }
        if (error instanceof InvalidResourceVersionException) {
            // Current Kubernetes (1.33+) answers 400 here; 1.26 answered 500 without the prefix.
            return Status.badRequest("invalid resource version: " + error.getMessage());
        }
        if (error instanceof InvalidContinueTokenException || error instanceof InvalidListOptionsException
                || error instanceof InvalidKeyException) {
            return Status.badRequest(error.getMessage());
        }
        if (error instanceof ResourceVersionSetOnCreateException) {
            // Kubernetes lets this storage error escape unconverted, as a 500 with no reason.
            // It is the client's mistake, so this server says so with a 400.
            return Status.badRequest(error.getMessage());
        }
        if (error instanceof CorruptObjectException) {
            return Status.internalError(error.getMessage());
        }
        if (error instanceof StorageException) {
            return Status.internalError(error.getMessage());
        }
        return null; // not a storage error
    }
    // end::translate[]
}
