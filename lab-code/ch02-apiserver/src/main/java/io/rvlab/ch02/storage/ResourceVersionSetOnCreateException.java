package io.rvlab.ch02.storage;

/**
 * A create carried a resourceVersion. A new object has no version yet: etcd gives it one (the
 * revision of the create), so a client-chosen value can only be a mistake.
 */
public class ResourceVersionSetOnCreateException extends StorageException {

    /** Kubernetes' wording (apiserver storage.ErrResourceVersionSetOnCreate). */
    public static final String MESSAGE = "resourceVersion should not be set on objects to be created";

    public ResourceVersionSetOnCreateException() {
        super(MESSAGE);
    }
}
