package io.rvlab.exercises.ch01;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 1.5: compare-and-swap on mod_revision.
 *
 * <p>The comparison and the put travel in one Txn request, so etcd decides and writes in one
 * step; a read followed by a put would leave a window in which another writer slips in. The
 * transaction's else branch reads the key, so a lost race comes back with the state it lost
 * against, as in Kubernetes' GuaranteedUpdate (staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go).
 */
public final class CompareAndSwap {

    /** What the call did, and the key's state as of that same transaction. */
    public record Outcome(boolean written, long modRevision, Optional<String> value) {
    }

    private CompareAndSwap() {
    }

    public static Outcome putIfUnchanged(KV kv, String key, String value, long expectedModRevision) {
        ByteSequence k = ByteSequence.from(key, StandardCharsets.UTF_8);
        ByteSequence v = ByteSequence.from(value, StandardCharsets.UTF_8);
        try {
            // etcd compares a missing key's mod_revision as 0, so expectedModRevision 0 means
            // "only if absent" without any special case here.
            TxnResponse response = kv.txn()
                    .If(new Cmp(k, Cmp.Op.EQUAL, CmpTarget.modRevision(expectedModRevision)))
                    .Then(Op.put(k, v, PutOption.DEFAULT))
                    .Else(Op.get(k, GetOption.DEFAULT))
                    .commit()
                    .get();
            if (response.isSucceeded()) {
                // The put made this transaction's revision, which is now the key's mod_revision.
                return new Outcome(true, response.getHeader().getRevision(), Optional.of(value));
            }
            // The else branch's read saw the key exactly as the failed comparison did. The header
            // revision is the store's, not the key's: only the key's own mod_revision will match.
            List<KeyValue> current = response.getGetResponses().get(0).getKvs();
            if (current.isEmpty()) {
                return new Outcome(false, 0, Optional.empty());
            }
            KeyValue now = current.get(0);
            return new Outcome(false, now.getModRevision(), Optional.of(now.getValue().toString(StandardCharsets.UTF_8)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing " + key, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("transaction on " + key + " failed: " + e.getCause(), e.getCause());
        }
    }
}
