package io.rvlab.exercises.ch01;

/**
 * Thrown when a read asks for a revision that etcd has compacted away. Given, not an exercise:
 * exercises 1.2, 1.4 and 1.6 throw it.
 *
 * <p>etcd keeps every old version of every key until a compaction ({@code etcdctl compaction REV})
 * forgets the versions older than REV. A read or a watch at a revision before REV then fails with
 * {@code etcdserver: mvcc: required revision has been compacted}. Kubernetes turns the same error
 * into {@code 410 Gone} (chapter 2).
 */
// tag::class[]
public class RevisionCompactedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long requestedRevision;

    public RevisionCompactedException(long requestedRevision, Throwable cause) {
        super("revision " + requestedRevision + " has been compacted: etcd no longer keeps that part of the history",
                cause);
        this.requestedRevision = requestedRevision;
    }

    /** The revision the caller asked to read (or watch from), which etcd no longer has. */
    public long requestedRevision() {
        return requestedRevision;
    }
}
// end::class[]
