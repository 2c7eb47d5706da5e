package io.rvlab.ch02.storage;

/**
 * A value under a registry key that is not a JSON object, for example written there by hand with
 * etcdctl. The server cannot serve it; it becomes 500 InternalError (a server-side problem, not the
 * client's).
 */
public class CorruptObjectException extends StorageException {

    public CorruptObjectException(String key, Throwable cause) {
        super("the value stored under " + key + " is not a JSON object: " + cause.getMessage(), cause);
    }
}
