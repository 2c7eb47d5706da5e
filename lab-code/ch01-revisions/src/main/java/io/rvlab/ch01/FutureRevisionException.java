package io.rvlab.ch01;

/**
 * A read asked for a revision etcd has not reached yet ("mvcc: required revision is a future
 * revision"). etcd cannot answer for a moment that has not happened. Kubernetes reports the same
 * situation as "Too large resource version" (chapter 2).
 */
public final class FutureRevisionException extends RuntimeException {

    private final long requestedRevision;
    private final long currentRevision;

    public FutureRevisionException(long requestedRevision, long currentRevision, String etcdMessage) {
        super("revision " + requestedRevision + " is in the future (etcd is at revision " + currentRevision
                + "); etcd said: " + etcdMessage);
        this.requestedRevision = requestedRevision;
        this.currentRevision = currentRevision;
    }

    public long requestedRevision() {
        return requestedRevision;
    }

    /** etcd's revision just after the failed read. */
    public long currentRevision() {
        return currentRevision;
    }
}
