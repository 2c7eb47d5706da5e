package io.rvlab.exercises.ch07;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.GetResponse;
import io.rvlab.ch02.storage.TooLargeResourceVersionException;

/**
 * <b>Exercise 7.1: which read may a member answer.</b>
 *
 * <p>An API server replica reads through one etcd member, and a member can be behind: a follower cut off
 * from its peers still holds the data it had before the cut, and nothing in that data says it is old. A
 * GET's {@code resourceVersion} and {@code resourceVersionMatch} are a promise about how old the answer
 * may be (the "Semantics for get and list" table of the API concepts page):
 * <ul>
 *   <li>{@code resourceVersion=""}: <em>most recent</em>, nothing acknowledged before the request may be
 *       missing from the answer;</li>
 *   <li>{@code resourceVersion="0"}: <em>any</em>, whatever the member has, however old; such a read must
 *       still be answered by a member that is cut off (this is what keeps informers' first lists cheap and
 *       available);</li>
 *   <li>{@code resourceVersion=N} with no match or {@code NotOlderThan}: <em>not older than N</em>; a member
 *       that cannot promise it answers {@link TooLargeResourceVersionException} (504 "Too large resource
 *       version") at once, instead of data older than N or an answer that never comes;</li>
 *   <li>{@code resourceVersion=N} with {@code Exact}: the key as it was at revision N.</li>
 * </ul>
 * etcd offers two kinds of read: a linearizable one (the member asks the leader and a quorum first, so it
 * cannot be stale, and cannot complete without a quorum) and a serializable one (the member answers from
 * its own copy, at once, possibly stale). Choose, for each promise, a read that keeps it and is as
 * available as the promise allows: a member cut off from its peers must still answer every read it can
 * answer truthfully, and refuse, or fail, the others.
 *
 * <p>Grade it with {@code ./course grade 7 --exercise 7.1}; the specification is {@code MemberReadTest},
 * which reads through the members of a real three-member etcd cluster, one of them cut off from its peers.
 */
public final class MemberRead {

    private MemberRead() {
    }

    // tag::signature[]
    /**
     * Reads {@code key} through {@code member} (a client of one etcd member) as a GET with this
     * {@code resourceVersion} ("", "0" or a revision) and {@code resourceVersionMatch} ("" for unset,
     * "NotOlderThan" or "Exact") must be answered. Waits for etcd's answer (etcd's own failures propagate).
     */
    public static GetResponse get(KV member, ByteSequence key, String resourceVersion, String resourceVersionMatch)
            throws TooLargeResourceVersionException, Exception {
        throw new UnsupportedOperationException("TODO exercise 7.1");
    }
    // end::signature[]
}
