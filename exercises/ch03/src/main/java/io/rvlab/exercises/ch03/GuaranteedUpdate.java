package io.rvlab.exercises.ch03;

import io.etcd.jetcd.KV;
import java.util.function.UnaryOperator;

/**
 * <b>Exercise 3.1: GuaranteedUpdate, read-modify-write as one etcd transaction.</b>
 *
 * <p>Every update kube-apiserver makes goes through one storage function, {@code GuaranteedUpdate}:
 * read the object and its {@code mod_revision} R, let the caller compute the new object from it,
 * then write with one etcd transaction: <em>if</em> the key's mod_revision is still R <em>then</em>
 * put. If another writer got in between, the comparison fails, nothing is written, and the loop
 * reads the key again and runs the function again on what it finds. A race between two API
 * servers (or two requests) never loses an update and never reaches the client as an error.
 *
 * <p>Two more rules from Kubernetes:
 * <ul>
 *   <li>if the function returns exactly what is stored, nothing is written: no transaction, no new
 *       revision, the object keeps its resourceVersion (GOLD c1.4: an identical PUT answers 200
 *       with the same resourceVersion, and etcd's revision does not move);</li>
 *   <li>the function may run several times, so it must compute its answer only from its argument.</li>
 * </ul>
 * Kubernetes loops until it wins; this exercise gives up after {@code maxAttempts} runs of the
 * function, so a test can never hang.
 *
 * <p>Useful jetcd calls: {@code kv.get(keyBytes)} ({@code getKvs()} is empty when the key does not
 * exist); {@code kv.txn().If(new Cmp(keyBytes, Cmp.Op.EQUAL, CmpTarget.modRevision(r)))
 * .Then(Op.put(keyBytes, valueBytes, PutOption.DEFAULT)).commit()}; {@code TxnResponse.isSucceeded()};
 * {@code TxnResponse.getHeader().getRevision()}, the revision of that transaction. Grade it with
 * {@code ./course grade 3 --exercise 3.1}; the specification is {@code GuaranteedUpdateTest}.
 */
public final class GuaranteedUpdate {

    private GuaranteedUpdate() {
    }

    // tag::signature[]
    /**
     * Updates {@code key} to {@code tryUpdate(current value)}, retrying on a lost race.
     *
     * @param key the etcd key; it must exist
     * @param tryUpdate computes the new value (UTF-8 text) from the current one; it is called once
     *     per attempt, each time with the value just read
     * @param maxAttempts how many times {@code tryUpdate} may run, at least 1
     * @return the key's mod_revision after the call: the revision of the transaction that wrote
     *     the new value, or, when {@code tryUpdate} returned the current value unchanged, the
     *     mod_revision it already had (nothing was written)
     * @throws java.util.NoSuchElementException if the key does not exist (also when it is deleted
     *     during the update); the message names the key
     * @throws IllegalStateException if every one of the {@code maxAttempts} transactions lost its
     *     comparison; the message names the key
     */
    public static long update(KV kv, String key, UnaryOperator<String> tryUpdate, int maxAttempts) {
        throw new UnsupportedOperationException(
                "TODO exercise 3.1: read value and mod_revision; new = tryUpdate(value); same value -> return"
                        + " mod_revision; else txn If(mod_revision == read) Then(put); lost -> read again");
    }
    // end::signature[]
}
