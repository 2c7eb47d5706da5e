package io.rvlab.exercises.ch01;

import io.etcd.jetcd.KV;
import java.util.Optional;

/**
 * <b>Exercise 1.1: read the four numbers.</b>
 *
 * <p>Chapter 1 names four numbers: the store's {@code revision}, and each key's
 * {@code create_revision}, {@code mod_revision} and {@code version}. Kubernetes builds everything in
 * this course on them: an object's resourceVersion is its key's {@code mod_revision}, a list's is the
 * store's {@code revision} at the read. Telling them apart is the first skill: the store's number moves
 * with every write to any key, a key's numbers only with writes to that key, and a delete ends a key's
 * life. {@code etcdctl get KEY -w json} shows all four.
 *
 * <p>Grade it with {@code ./course grade 1 --exercise 1.1}; the specification is
 * {@code FourNumbersTest}.
 */
public final class FourNumbers {

    private FourNumbers() {
    }

    // tag::signature[]
    /** The three numbers etcd keeps for one key. */
    public record KeyRevisions(long createRevision, long modRevision, long version) {
    }

    /** What one read tells you: the store's revision, and the key's numbers if the key exists. */
    public record Reading(long revision, Optional<KeyRevisions> key) {
    }

    /**
     * Reads {@code key} (exactly that key, not a prefix) and returns the four numbers.
     *
     * @return {@code revision} is the revision in the response header (the store's, not the
     *     key's); {@code key} is empty when the key does not exist, and the revision is still
     *     filled in.
     */
    public static Reading read(KV kv, String key) {
        throw new UnsupportedOperationException("TODO exercise 1.1");
    }
    // end::signature[]
}
