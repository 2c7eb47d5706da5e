package io.rvlab.exercises.ch01;

import io.etcd.jetcd.KV;
import java.util.Map;

/**
 * <b>Exercise 1.3: many keys, one revision.</b>
 *
 * <p>The store's revision counts write <em>transactions</em>, not keys: a transaction that
 * writes three keys raises it by exactly one, and all three keys get that same revision as their
 * mod_revision. Three separate puts would raise it by three. This is why a Kubernetes list can
 * carry a single resourceVersion for a consistent snapshot of many objects.
 *
 * <p>On the command line, {@code etcdctl txn} reads the transaction's comparisons, success and
 * failure operations from standard input.
 *
 * <p>Useful jetcd calls: {@code kv.txn()} returns a {@code Txn}; {@code .Then(Op...)} takes the
 * operations; {@code Op.put(keyBytes, valueBytes, PutOption.DEFAULT)}; {@code .commit().get()} sends
 * it and returns a {@code TxnResponse} whose {@code getHeader().getRevision()} is the new revision.
 *
 * <p>Grade it with {@code ./course grade 1 --exercise 1.3}; the specification is
 * {@code AtomicWritesTest}.
 */
public final class AtomicWrites {

    private AtomicWrites() {
    }

    // tag::signature[]
    /**
     * Writes every entry of {@code entries} (key to value, UTF-8) in one etcd transaction.
     *
     * @return the store's revision after the transaction, which is the mod_revision of every key
     *     it wrote. With no entries nothing is written, the revision does not move, and the
     *     current revision is returned.
     */
    public static long putAll(KV kv, Map<String, String> entries) {
        throw new UnsupportedOperationException(
                "TODO exercise 1.3: build kv.txn().Then(Op.put(...), Op.put(...), ...), commit it once,"
                        + " and return the revision from the response header");
    }
    // end::signature[]
}
