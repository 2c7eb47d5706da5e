package io.rvlab.exercises.ch01;

import io.etcd.jetcd.KV;

/**
 * <b>Exercise 1.5: compare-and-swap on mod_revision.</b>
 *
 * <p>"Write this, but only if nobody changed the key since I read it" is one etcd transaction:
 * <em>if</em> the key's mod_revision still equals the one you read, <em>then</em> put. etcd
 * evaluates the comparison and applies the put as one step, so two writers racing from the same
 * read cannot both win. A mod_revision of 0 compares equal only for a key that does not exist,
 * which turns the same transaction into "create only if absent". Kubernetes' optimistic
 * concurrency (chapter 3) is exactly this, with resourceVersion as the mod_revision.
 *
 * <p>Useful jetcd calls: {@code kv.txn().If(Cmp...).Then(Op...).commit().get()};
 * {@code new Cmp(keyBytes, Cmp.Op.EQUAL, CmpTarget.modRevision(r))};
 * {@code Op.put(keyBytes, valueBytes, PutOption.DEFAULT)}; {@code TxnResponse.isSucceeded()} says
 * whether the comparisons held (and the {@code Then} operations ran).
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
     * {@code expectedModRevision}, in a single etcd transaction (no separate read first).
     *
     * @param expectedModRevision the mod_revision the caller last saw; 0 means "the key must not
     *     exist" (create only if absent)
     * @return true if the put happened; false if the key had changed (or, for 0, already existed),
     *     in which case etcd is left untouched
     */
    public static boolean putIfUnchanged(KV kv, String key, String value, long expectedModRevision) {
        throw new UnsupportedOperationException(
                "TODO exercise 1.5: kv.txn().If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.modRevision(expected)))"
                        + ".Then(Op.put(...)).commit(), and return whether it succeeded");
    }
    // end::signature[]
}
