package io.rvlab.ch02.storage;

/** No object under the key (at the revision read). Becomes 404 NotFound. */
public class KeyNotFoundException extends StorageException {

    private final String key;

    public KeyNotFoundException(String key) {
        super("key not found: " + key);
        this.key = key;
    }

    public String key() {
        return key;
    }
}
