package io.rvlab.exercises.ch07;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch02.storage.ResourceExpiredException;
import io.rvlab.ch02.storage.TooLargeResourceVersionException;
import java.util.concurrent.ExecutionException;

/**
 * <b>Exercise 7.1: which read may a member answer.</b>
 *
 * <p>An API server replica reads through one etcd member, and a member can be behind: a follower cut off
 * from its peers still holds the data it had before the cut, and nothing in that data says it is old. Its
 * history does not go back forever either: etcd compacts it (kube-apiserver has it done every five minutes),
 * and no member can tell what a key was at a revision compacted away. A GET's {@code resourceVersion} and
 * {@code resourceVersionMatch} are a promise about the answer (the "Semantics for get and list" table of the
 * API concepts page):
 * <ul>
 *   <li>{@code resourceVersion=""}: <em>most recent</em>, nothing acknowledged before the request may be
 *       missing from the answer;</li>
 *   <li>{@code resourceVersion="0"}: <em>any</em>, whatever the member has, however old;</li>
 *   <li>{@code resourceVersion=N} with no match or {@code NotOlderThan}: <em>not older than N</em>;</li>
 *   <li>{@code resourceVersion=N} with {@code Exact}: the key as it was at revision N.</li>
 * </ul>
 * A member cut off from its peers must still answer, at once, every read it can answer truthfully, and
 * refuse, or fail, the others; a refusal comes at once too, never as an answer that never comes. The
 * refusals are kube-apiserver's: 504 "Too large resource version" as the given
 * {@code io.rvlab.ch02.storage.TooLargeResourceVersionException}, and 410 Gone, reason Expired ("The
 * resourceVersion for the provided list is too old.", with the revision asked for) as the given
 * {@code io.rvlab.ch02.storage.ResourceExpiredException}; which promise meets which is yours to work out.
 * jetcd's {@code GetOption} says how the member reads; the {@code GetResponse}'s header revision is the
 * revision the answer is as of; etcd's other failures propagate.
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
        if (resourceVersion.isEmpty()) {
            // Most recent: only a linearizable read cannot miss an acknowledged write (the default of a jetcd get).
            return member.get(key).get();
        }
        long n = Long.parseLong(resourceVersion);
        if ("Exact".equals(resourceVersionMatch)) {
            // The key's history at N is the same on every member that has reached N: the member's copy will do.
            try {
                return member.get(key, GetOption.builder().withSerializable(true).withRevision(n).build()).get();
            } catch (ExecutionException e) {
                if (String.valueOf(e.getCause()).contains("required revision has been compacted")) {
                    // History compacted past N: 410 Expired, as kube-apiserver's interpretListError says for etcd's
                    // ErrCompacted (staging/src/k8s.io/apiserver/pkg/storage/etcd3/errors.go).
                    throw new ResourceExpiredException(ResourceExpiredException.LIST_TOO_OLD, n, null);
                }
                throw e;
            }
        }
        // Not older than N reads at the latest revision (never at N, which may be compacted away) and checks it.
        GetResponse local = member.get(key, GetOption.builder().withSerializable(true).build()).get();
        if (local.getHeader().getRevision() < n) {
            // Not older than N, checked against what the member has (kube-apiserver's etcd3 store reads at latest and
            // answers TooLargeResourceVersion when N is ahead: staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go).
            throw new TooLargeResourceVersionException(n, local.getHeader().getRevision(), 1);
        }
        return local; // "0" (any) and N <= the member's revision: its own copy keeps the promise, cut off or not

    }
    // end::signature[]
}
