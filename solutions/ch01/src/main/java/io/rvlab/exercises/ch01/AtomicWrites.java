package io.rvlab.exercises.ch01;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.PutOption;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 1.3: many keys, one revision.
 *
 * <p>One transaction with no comparisons (so it always takes the "then" branch) and one operation
 * per entry: a put, or a delete for a null value. etcd applies it as a single write: one new
 * revision for all the keys, whichever the operation. A transaction that changes nothing (no
 * entries, or only deletes of keys that do not exist) makes no revision at all.
 */
public final class AtomicWrites {

    private AtomicWrites() {
    }

    public static long putAll(KV kv, Map<String, String> entries) {
        Op[] ops = entries.entrySet().stream()
                .map(e -> e.getValue() == null
                        ? Op.delete(utf8(e.getKey()), DeleteOption.DEFAULT)
                        : Op.put(utf8(e.getKey()), utf8(e.getValue()), PutOption.DEFAULT))
                .toArray(Op[]::new);
        TxnResponse response;
        try {
            // A transaction that changes nothing is a read: etcd leaves the revision where it is and
            // the header reports the current one, which is exactly what that case should return.
            response = kv.txn().Then(ops).commit().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing " + entries.keySet(), e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("transaction failed: " + e.getCause(), e.getCause());
        }
        return response.getHeader().getRevision();
    }

    private static ByteSequence utf8(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }
}
