package io.rvlab.ch02.storage;

/**
 * The client asked for a resourceVersion etcd has not reached, and it did not reach it while the
 * server waited. Becomes 504 Timeout "Too large resource version: N, current: C" with the cause
 * ResourceVersionTooLarge, which is how client-go's reflector recognises it and retries.
 */
public class TooLargeResourceVersionException extends StorageException {

    private final long requested;
    private final long current;
    private final int retryAfterSeconds;

    public TooLargeResourceVersionException(long requested, long current, int retryAfterSeconds) {
        super("Too large resource version: " + requested + ", current: " + current);
        this.requested = requested;
        this.current = current;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long requested() {
        return requested;
    }

    /** etcd's revision when the server gave up waiting. */
    public long current() {
        return current;
    }

    /** How long the client should wait before asking again (Retry-After). */
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
