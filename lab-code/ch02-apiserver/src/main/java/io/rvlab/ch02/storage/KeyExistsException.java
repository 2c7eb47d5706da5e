package io.rvlab.ch02.storage;

/**
 * A create found the key already there: its transaction's condition (create_revision = 0) failed.
 * Becomes 409 AlreadyExists.
 */
public class KeyExistsException extends StorageException {

    private final String key;

    public KeyExistsException(String key) {
        super("key exists: " + key);
        this.key = key;
    }

    public String key() {
        return key;
    }
}
