package io.rvlab.exercises.ch01;

import io.etcd.jetcd.KV;
import java.util.Optional;

/**
 * <b>Exercise 1.2: read the past, and wait a little for the near future.</b>
 *
 * <p>etcd is a multi-version store: a write adds a new version at a new revision rather than
 * overwriting, so a read can see the store as it was at any revision, until a compaction forgets it
 * ({@code etcdctl get KEY --rev=R}). Kubernetes' Exact lists and every page of a paged list are such
 * reads, and the difference between "that revision is gone" and "that revision does not exist yet" is
 * the difference between a 410 Gone (start again from a fresh list) and a request to retry later.
 * etcd refuses both in ways that look alike; your method must tell its caller which one happened, in
 * the caller's terms.
 *
 * <p><b>The variation.</b> etcd refuses a revision it has not reached at once, but in a cluster with
 * several kube-apiservers a client may have seen revision N from one of them and ask another whose
 * watch cache is not at N yet. That cache does not refuse at once: it gives itself up to 3 seconds
 * to reach N, and only then answers {@code Too large resource version: N, current: C}
 * (chapter 1 names that answer; how to wait for a revision is yours to work out). Your method keeps
 * the same promise, reading etcd itself.
 *
 * <p>Grade it with {@code ./course grade 1 --exercise 1.2}; the specification is
 * {@code ReadAtRevisionTest}.
 */
public final class ReadAtRevision {

    private ReadAtRevision() {
    }

    // tag::signature[]
    /**
     * Returns the value {@code key} had at {@code revision}; if the store has not reached that
     * revision yet, waits up to 3 seconds for it first.
     *
     * @return the value (as UTF-8 text) the key held at that revision; empty if the key did not
     *     exist then (not yet created, or deleted).
     * @throws RevisionCompactedException (the given {@code io.rvlab.exercises.ch01.RevisionCompactedException})
     *     if etcd has compacted that revision away; its {@code requestedRevision()} is the
     *     {@code revision} asked for.
     * @throws IllegalArgumentException if {@code revision} is not one the store has had (its
     *     revisions run from 1 up to its current one), with a message naming the revision asked for;
     *     for a revision still ahead of the store after 3 seconds, the message is
     *     {@code Too large resource version: <revision>, current: <the store's revision when you gave up>}.
     * @throws IllegalStateException if the calling thread is interrupted while waiting for etcd
     *     (caused by the {@code InterruptedException}), with the thread's interrupt flag set again
     */
    public static Optional<String> valueAt(KV kv, String key, long revision) {
        throw new UnsupportedOperationException("TODO exercise 1.2");
    }
    // end::signature[]
}
