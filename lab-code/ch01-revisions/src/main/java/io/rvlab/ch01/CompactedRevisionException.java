package io.rvlab.ch01;

import java.util.OptionalLong;

/**
 * A read asked for a revision that compaction has already thrown away.
 *
 * <p>etcd answers such a read with the error "mvcc: required revision has been compacted"
 * (gRPC status OUT_OF_RANGE) and does not say where history now begins; when the course could find
 * out (see {@link CompactionProbe}) the exception carries that revision too. Kubernetes turns this
 * error into HTTP 410 with reason Expired for a list or watch at a compacted resourceVersion
 * (chapters 2 and 4).
 */
public final class CompactedRevisionException extends RuntimeException {

    private final long requestedRevision;
    private final OptionalLong compactRevision;

    public CompactedRevisionException(long requestedRevision, OptionalLong compactRevision, String etcdMessage) {
        super(message(requestedRevision, compactRevision, etcdMessage));
        this.requestedRevision = requestedRevision;
        this.compactRevision = compactRevision;
    }

    /** The revision the read asked for. */
    public long requestedRevision() {
        return requestedRevision;
    }

    /** The revision of the last compaction: the oldest revision still readable, if known. */
    public OptionalLong compactRevision() {
        return compactRevision;
    }

    private static String message(long requested, OptionalLong compactRevision, String etcdMessage) {
        String where = compactRevision.isPresent()
                ? " (history now starts at revision " + compactRevision.getAsLong() + ")"
                : "";
        return "revision " + requested + " has been compacted" + where + "; etcd said: " + etcdMessage;
    }
}
