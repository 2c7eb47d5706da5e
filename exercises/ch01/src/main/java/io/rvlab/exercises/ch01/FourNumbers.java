package io.rvlab.exercises.ch01;

import io.etcd.jetcd.KV;
import java.util.SortedMap;

/**
 * <b>Exercise 1.1: read the four numbers.</b>
 *
 * <p>Chapter 1 names four numbers: the store's {@code revision}, and each key's
 * {@code create_revision}, {@code mod_revision} and {@code version}. Kubernetes builds everything in
 * this course on them: an object's resourceVersion is its key's {@code mod_revision}, a list's is the
 * store's {@code revision} at the read. Telling them apart is the first skill: the store's number moves
 * with every write to any key, a key's numbers only with writes to that key, and a delete ends a key's
 * life. The chapter reads one key; here you read what a Kubernetes list reads, every key under a
 * prefix ({@code etcdctl get PREFIX --prefix -w json} shows all four numbers).
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

    /**
     * What one list tells you: the store's revision, and every key that exists under the prefix
     * (its full name) with its numbers, in key order.
     */
    public record Listing(long revision, SortedMap<String, KeyRevisions> keys) {
    }

    /**
     * Lists every key whose name starts with {@code prefix}, as one consistent read.
     *
     * @return {@code revision} is the store's revision at that read (not any key's);
     *     {@code keys} holds exactly the keys that exist under the prefix, and is empty when there
     *     are none, in which case the revision is still filled in.
     * @throws IllegalStateException if the calling thread is interrupted while waiting for etcd
     *     (caused by the {@code InterruptedException}), with the thread's interrupt flag set again
     */
    public static Listing list(KV kv, String prefix) {
        throw new UnsupportedOperationException("TODO exercise 1.1");
    }
    // end::signature[]
}
