package io.rvlab.ch02.storage;

/**
 * Something storage refuses to do, in storage's own terms (keys and revisions, not HTTP). The API
 * layer translates each kind into a Kubernetes Status, the way apiserver's
 * {@code storage/errors} package does; storage itself knows nothing about HTTP.
 */
public abstract class StorageException extends RuntimeException {

    protected StorageException(String message) {
        super(message);
    }

    protected StorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
