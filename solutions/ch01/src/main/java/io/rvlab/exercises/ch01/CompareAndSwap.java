package io.rvlab.exercises.ch01;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.PutOption;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 1.5: compare-and-swap on mod_revision.
 *
 * <p>The comparison and the put travel in one Txn request, so etcd decides and writes in one
 * step; a read followed by a put would leave a window in which another writer slips in.
 */
public final class CompareAndSwap {

    private CompareAndSwap() {
    }

    public static boolean putIfUnchanged(KV kv, String key, String value, long expectedModRevision) {
        ByteSequence k = ByteSequence.from(key, StandardCharsets.UTF_8);
        ByteSequence v = ByteSequence.from(value, StandardCharsets.UTF_8);
        try {
            // etcd compares a missing key's mod_revision as 0, so expectedModRevision 0 means
            // "only if absent" without any special case here.
            return kv.txn()
                    .If(new Cmp(k, Cmp.Op.EQUAL, CmpTarget.modRevision(expectedModRevision)))
                    .Then(Op.put(k, v, PutOption.DEFAULT))
                    .commit()
                    .get()
                    .isSucceeded(); // false: the "else" branch (empty) ran, nothing was written
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing " + key, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("transaction on " + key + " failed: " + e.getCause(), e.getCause());
        }
    }
}
