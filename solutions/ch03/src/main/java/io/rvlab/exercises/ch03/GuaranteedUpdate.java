package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.rvlab.ch02.storage.KeyNotFoundException;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch03.storage.Preconditions;
import io.rvlab.ch03.storage.UpdateFunction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer of exercise 3.1 (capstone): kube-apiserver's GuaranteedUpdate, without its
 * cached first guess (chapter 3's own {@code EtcdUpdatableStorage} has that too).
 */
public final class GuaranteedUpdate {

    private GuaranteedUpdate() {
    }

    public static ObjectNode update(KV kv, StoredObjects objects, RegistryKey key, Preconditions preconditions,
            UpdateFunction tryUpdate) {
        ByteSequence name = ByteSequence.from(key.path(), StandardCharsets.UTF_8);
        KeyValue current = existing(await(kv.get(name), key).getKvs(), key);
        while (true) {
            ObjectNode object = objects.decode(current);
            preconditions.check(key, object);                        // against what tryUpdate sees
            ObjectNode updated = tryUpdate.apply(objects.decode(current)); // it may change its argument
            ByteSequence bytes = objects.encode(updated);
            if (bytes.equals(current.getValue())) {
                return object;                                        // nothing to write: the resourceVersion stays
            }
            // Written only if nobody wrote since we read; otherwise the Else branch is our fresh read.
            TxnResponse txn = await(kv.txn()
                    .If(new Cmp(name, Cmp.Op.EQUAL, CmpTarget.modRevision(current.getModRevision())))
                    .Then(Op.put(name, bytes, PutOption.DEFAULT))
                    .Else(Op.get(name, GetOption.DEFAULT))
                    .commit(), key);
            if (txn.isSucceeded()) {
                return objects.asWrittenAt(updated, txn.getHeader().getRevision());
            }
            current = existing(txn.getGetResponses().get(0).getKvs(), key); // deleted meanwhile: 404
        }
    }

    private static KeyValue existing(List<KeyValue> kvs, RegistryKey key) {
        if (kvs.isEmpty()) {
            throw new KeyNotFoundException(key.path());
        }
        return kvs.get(0);
    }

    private static <T> T await(CompletableFuture<T> future, RegistryKey key) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while updating " + key.path(), e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("updating " + key.path() + " failed: " + e.getCause(), e.getCause());
        }
    }
}
