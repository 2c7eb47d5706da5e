package io.rvlab.ch03.storage;

import io.rvlab.ch02.storage.StorageException;

/**
 * A precondition did not hold against the stored object: Kubernetes' StorageError with code 4
 * ("invalid object"). The API answers it with 409 Conflict, the StorageError text in the message.
 */
public class PreconditionFailedException extends StorageException {

    public static final int CODE = 4;

    private final String key;
    private final String detail;

    public PreconditionFailedException(String key, String detail) {
        super(storageErrorText(key, detail));
        this.key = key;
        this.detail = detail;
    }

    /** {@code StorageError: invalid object, Code: 4, Key: ..., ResourceVersion: 0, AdditionalErrorMsg: ...}. */
    public static String storageErrorText(String key, String detail) {
        return "StorageError: invalid object, Code: " + CODE + ", Key: " + key + ", ResourceVersion: 0, AdditionalErrorMsg: "
                + detail;
    }

    public String key() {
        return key;
    }

    /** The precondition's own text, such as {@code Precondition failed: UID in precondition: ...}. */
    public String detail() {
        return detail;
    }
}
