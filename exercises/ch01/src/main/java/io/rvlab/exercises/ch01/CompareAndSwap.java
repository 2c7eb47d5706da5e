package io.rvlab.exercises.ch01;

import io.etcd.jetcd.KV;

/**
 * <b>Exercise 1.5: compare-and-swap on mod_revision.</b>
 *
 * <p>"Write this, but only if nobody changed the key since I read it." Two controllers that read the
 * same object and both write back must not both succeed, or one of their updates is silently lost.
 * Kubernetes' optimistic concurrency (chapter 3, the 409 Conflict) is this operation, with the
 * object's resourceVersion as the {@code mod_revision} the caller saw. The grading tests race two
 * independent clients against each other, many times, and let another client write at the worst
 * moment, right after any read your code makes: any gap between deciding and writing is found.
 * Talk to etcd through the {@code KV} you are given (jetcd's {@code io.etcd.jetcd.KV}).
 *
 * <p>Grade it with {@code ./course grade 1 --exercise 1.5}; the specification is
 * {@code CompareAndSwapTest}.
 */
public final class CompareAndSwap {

    private CompareAndSwap() {
    }

    // tag::signature[]
    /**
     * Puts {@code value} under {@code key} only if the key's mod_revision is still
     * {@code expectedModRevision} at the moment of the put: no other write may land between the
     * check and the write.
     *
     * @param expectedModRevision the mod_revision the caller last saw; 0 means "the key must not
     *     exist" (create only if absent)
     * @return true if the put happened; false if the key had changed (or, for 0, already existed),
     *     in which case etcd is left untouched
     */
    public static boolean putIfUnchanged(KV kv, String key, String value, long expectedModRevision) {
        throw new UnsupportedOperationException("TODO exercise 1.5");
    }
    // end::signature[]
}
