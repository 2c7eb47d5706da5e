package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
 * Reference answer of exercise 3.1 (capstone): kube-apiserver's GuaranteedUpdate with its
 * {@code ignoreNotFound} (k8s.io/apiserver/pkg/storage/etcd3/store.go, GuaranteedUpdate and getState),
 * without its cached first guess (chapter 3's own {@code EtcdUpdatableStorage} has that).
 */
public final class GuaranteedUpdate {

    private GuaranteedUpdate() {
    }

    public static ObjectNode update(KV kv, StoredObjects objects, RegistryKey key, boolean ignoreNotFound,
            Preconditions preconditions, UpdateFunction tryUpdate) {
        ByteSequence name = ByteSequence.from(key.path(), StandardCharsets.UTF_8);
        KeyValue current = existing(await(kv.get(name), key).getKvs(), key, ignoreNotFound); // null: no object
        while (true) {
            ObjectNode object = current == null ? JsonNodeFactory.instance.objectNode() : objects.decode(current);
            preconditions.check(key, object);                        // against what tryUpdate sees, even "nothing"
            ObjectNode updated = tryUpdate.apply(object.deepCopy()); // it may change its argument
            ByteSequence bytes = objects.encode(updated);
            if (current != null && bytes.equals(current.getValue())) {
                return object;                                        // nothing to write: the resourceVersion stays
            }
            // etcd compares an absent key's mod_revision as 0: a create is guarded by the same compare as an update.
            long read = current == null ? 0 : current.getModRevision();
            // Written only if nobody wrote since we read; otherwise the Else branch is our fresh read.
            TxnResponse txn = await(kv.txn()
                    .If(new Cmp(name, Cmp.Op.EQUAL, CmpTarget.modRevision(read)))
                    .Then(Op.put(name, bytes, PutOption.DEFAULT))
                    .Else(Op.get(name, GetOption.DEFAULT))
                    .commit(), key);
            if (txn.isSucceeded()) {
                return objects.asWrittenAt(updated, txn.getHeader().getRevision());
            }
            current = existing(txn.getGetResponses().get(0).getKvs(), key, ignoreNotFound); // deleted meanwhile
        }
    }

    /** The one key-value etcd returned; none is a 404, or "no object" (null) when the caller ignores that. */
    private static KeyValue existing(List<KeyValue> kvs, RegistryKey key, boolean ignoreNotFound) {
        if (!kvs.isEmpty()) {
            return kvs.get(0);
        }
        if (ignoreNotFound) {
            return null;
        }
        throw new KeyNotFoundException(key.path());
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
