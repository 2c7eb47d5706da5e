package io.rvlab.ch01;

import io.etcd.jetcd.Client;

/**
 * etcd's two "no such revision" errors, turned into exceptions that say which revision and why.
 *
 * <p>jetcd passes these errors on inside a gRPC OUT_OF_RANGE status whose text is etcd's own
 * (server/mvcc ErrCompacted and ErrFutureRev). That text is the stable part; etcd's Go client
 * recognises the errors by it too.
 */
public final class RevisionErrors {

    static final String COMPACTED = "required revision has been compacted";
    static final String FUTURE = "required revision is a future revision";

    private RevisionErrors() {
    }

    // tag::explain[]
    /** The exception to throw for {@code error}, raised by a request for {@code requested}. */
    public static RuntimeException explain(Client client, RuntimeException error, long requested) {
        String etcdMessage = String.valueOf(error.getMessage());
        if (etcdMessage.contains(COMPACTED)) {
            return new CompactedRevisionException(requested,
                    CompactionProbe.compactRevision(client, requested), etcdMessage);
        }
        if (etcdMessage.contains(FUTURE)) {
            long current = new RevisionReader(client).currentRevision();
            return new FutureRevisionException(requested, current, etcdMessage);
        }
        return error;
    }
    // end::explain[]
}
