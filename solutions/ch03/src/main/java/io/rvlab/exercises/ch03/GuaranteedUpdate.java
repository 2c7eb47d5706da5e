package io.rvlab.exercises.ch03;

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
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;

/**
 * Reference answer to exercise 3.1: GuaranteedUpdate.
 *
 * <p>Like apiserver's etcd3 store, a lost transaction does not cost a second round trip: its
 * {@code Else} branch reads the key, so the failed commit already carries the fresh value and
 * mod_revision for the next attempt ({@code GetOnFailure}). The compare is on mod_revision, not on
 * the value: a key changed and changed back has the same value but a new mod_revision, and the
 * caller's decision was made on a state that no longer exists.
 */
public final class GuaranteedUpdate {

    private GuaranteedUpdate() {
    }

    public static long update(KV kv, String key, UnaryOperator<String> tryUpdate, int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, not " + maxAttempts);
        }
        ByteSequence keyBytes = ByteSequence.from(key, StandardCharsets.UTF_8);
        KeyValue current = existing(await(kv.get(keyBytes), key).getKvs(), key);
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            String value = current.getValue().toString(StandardCharsets.UTF_8);
            String updated = tryUpdate.apply(value);
            if (updated.equals(value)) {
                return current.getModRevision(); // a no-op writes nothing: the resourceVersion stays
            }
            TxnResponse txn = await(kv.txn()
                    .If(new Cmp(keyBytes, Cmp.Op.EQUAL, CmpTarget.modRevision(current.getModRevision())))
                    .Then(Op.put(keyBytes, ByteSequence.from(updated, StandardCharsets.UTF_8), PutOption.DEFAULT))
                    .Else(Op.get(keyBytes, GetOption.DEFAULT))
                    .commit(), key);
            if (txn.isSucceeded()) {
                return txn.getHeader().getRevision();
            }
            current = existing(txn.getGetResponses().get(0).getKvs(), key);
        }
        throw new IllegalStateException("gave up updating " + key + " after " + maxAttempts
                + " attempts: another writer changed it every time");
    }

    private static KeyValue existing(List<KeyValue> kvs, String key) {
        if (kvs.isEmpty()) {
            throw new NoSuchElementException(key + " does not exist");
        }
        return kvs.get(0);
    }

    private static <T> T await(CompletableFuture<T> future, String key) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while updating " + key, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("updating " + key + " failed: " + e.getCause(), e.getCause());
        }
    }
}
