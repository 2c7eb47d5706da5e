package io.rvlab.exercises.ch01;

import io.etcd.jetcd.KV;
import java.util.Optional;

/**
 * <b>Exercise 1.2: read the past.</b>
 *
 * <p>etcd is a multi-version store: a write does not overwrite the old value, it adds a new
 * version at a new revision. A read can name any revision and see the store exactly as it was
 * then: {@code etcdctl get KEY --rev=R}. Old versions stay until a compaction removes them.
 *
 * <p>Useful jetcd calls: {@code kv.get(bytes, GetOption.builder().withRevision(r).build())};
 * {@code KeyValue.getValue().toString(StandardCharsets.UTF_8)}. A refused read makes the future's
 * {@code get()} throw an {@code ExecutionException};
 * {@code EtcdExceptionFactory.toEtcdException(e.getCause())} turns its cause into an
 * {@code EtcdException} with {@code getErrorCode()} and etcd's message.
 *
 * <p>Grade it with {@code ./course grade 1 --exercise 1.2}; the specification is
 * {@code ReadAtRevisionTest}.
 */
public final class ReadAtRevision {

    private ReadAtRevision() {
    }

    // tag::signature[]
    /**
     * Returns the value {@code key} had at {@code revision}.
     *
     * @return the value (as UTF-8 text) the key held at that revision; empty if the key did not
     *     exist then (not yet created, or deleted).
     * @throws RevisionCompactedException if etcd has compacted that revision away; its
     *     {@code requestedRevision()} is the {@code revision} asked for.
     * @throws IllegalArgumentException if {@code revision} is 0 or negative (to etcd, 0 means
     *     "the latest", which is not what the caller asked), or ahead of the store's current
     *     revision (the future cannot be read); the message names the revision asked for.
     */
    public static Optional<String> valueAt(KV kv, String key, long revision) {
        throw new UnsupportedOperationException(
                "TODO exercise 1.2: get the key with GetOption.builder().withRevision(revision),"
                        + " and turn etcd's compacted / future revision errors into the documented exceptions");
    }
    // end::signature[]
}
