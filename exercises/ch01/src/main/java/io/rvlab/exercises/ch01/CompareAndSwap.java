package io.rvlab.exercises.ch01;

import io.etcd.jetcd.KV;
import java.util.Optional;

/**
 * <b>Exercise 1.5: compare-and-swap on mod_revision.</b>
 *
 * <p>"Write this, but only if nobody changed the key since I read it." Two controllers that read the
 * same object and both write back must not both succeed, or one of their updates is silently lost.
 * Kubernetes' optimistic concurrency (chapter 3, the 409 Conflict) is this operation, with the
 * object's resourceVersion as the {@code mod_revision} the caller saw. The grading tests race two
 * independent clients against each other, many times, and let another client write at the worst
 * moment, right after any read your code makes: any gap between deciding and writing is found.
 *
 * <p>The loser of a race has to try again from the key's current state. The API server's update
 * loop (GuaranteedUpdate in Kubernetes' staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go)
 * learns that state without asking etcd a second time, so every call here is exactly one request
 * to etcd, won or lost, and its {@link Outcome} carries the state that request saw.
 * Talk to etcd through the {@code KV} you are given (jetcd's {@code io.etcd.jetcd.KV}).
 *
 * <p>Grade it with {@code ./course grade 1 --exercise 1.5}; the specification is
 * {@code CompareAndSwapTest}.
 */
public final class CompareAndSwap {

    /**
     * What {@link #putIfUnchanged} did, and the key as it stands after that one request.
     *
     * @param written true if the put happened
     * @param modRevision the key's mod_revision as of the request: the one the put gave it if
     *     {@code written}, otherwise the one the key had when etcd refused (0 if the key did not exist)
     * @param value the key's value as of the request (the value written, or the one that stopped
     *     the put); empty if the key did not exist
     */
    public record Outcome(boolean written, long modRevision, Optional<String> value) {
    }

    private CompareAndSwap() {
    }

    // tag::signature[]
    /**
     * Puts {@code value} under {@code key} only if the key's mod_revision is still
     * {@code expectedModRevision} at the moment of the put: no other write may land between the
     * check and the write. One request to etcd, whatever happens.
     *
     * @param expectedModRevision the mod_revision the caller last saw; 0 means "the key must not
     *     exist" (create only if absent)
     * @return whether the put happened and the key's state as of this request; if the key had
     *     changed (or, for 0, already existed), etcd is left untouched and the outcome is what a
     *     retry starts from
     * @throws IllegalStateException if the calling thread is interrupted while waiting for etcd
     *     (caused by the {@code InterruptedException}), with the thread's interrupt flag set again
     */
    public static Outcome putIfUnchanged(KV kv, String key, String value, long expectedModRevision) {
        throw new UnsupportedOperationException("TODO exercise 1.5");
    }
    // end::signature[]
}
