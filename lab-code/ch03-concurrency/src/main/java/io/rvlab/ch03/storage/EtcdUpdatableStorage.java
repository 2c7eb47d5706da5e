package io.rvlab.ch03.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.storage.GetOptions;
import io.rvlab.ch02.storage.KeyNotFoundException;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch02.storage.Versioner;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * Chapter 2's {@link EtcdStorage} with updates and deletes, as kube-apiserver's etcd3 store does
 * them: every write is one etcd transaction guarded by the mod_revision that was read, so no write
 * can silently overwrite another. An update starts from the value this server last read or wrote
 * for the key, if it remembers one ({@link SuggestedObjects}), and reads etcd only when it does not,
 * or when the remembered value turns out to matter without a transaction to check it.
 */
public class EtcdUpdatableStorage extends EtcdStorage implements UpdatableStorage {

    private final SuggestedObjects suggestions;

    public EtcdUpdatableStorage(Client client) {
        this(client, new Versioner(), TOO_LARGE_WAIT);
    }

    public EtcdUpdatableStorage(Client client, Versioner versioner, Duration tooLargeWait) {
        this(client, versioner, tooLargeWait, new SuggestedObjects(SuggestedObjects.DEFAULT_CAPACITY));
    }

    public EtcdUpdatableStorage(Client client, Versioner versioner, Duration tooLargeWait, SuggestedObjects suggestions) {
        super(client, versioner, tooLargeWait);
        this.suggestions = suggestions;
    }

    // tag::guaranteed-update[]
    @Override
    public ObjectNode guaranteedUpdate(RegistryKey key, Preconditions preconditions, UpdateFunction tryUpdate) {
        ByteSequence name = Bytes.bytes(key.path());
        KeyValue current = suggestions.get(key.path()); // the watch cache's role: a guess, maybe stale
        boolean fromEtcd = current == null;              // read from etcd during this update?
        if (fromEtcd) {
            current = readCurrent(key);
        }
        while (true) {
            ObjectNode object = decode(current);
            ObjectNode updated;
            try {
                preconditions.check(key, object);        // a failed precondition: 409
                updated = tryUpdate.apply(object.deepCopy()); // anything tryUpdate throws ends the update too
            } catch (RuntimeException e) {
                if (fromEtcd) {
                    throw e;                             // decided on etcd's own value: final
                }
                // Decided on the guess: final only if etcd still holds what was guessed.
                long guessed = current.getModRevision();
                current = readCurrent(key);
                fromEtcd = true;
                if (current.getModRevision() == guessed) {
                    throw e;
                }
                continue;
            }
            ObjectNode stored = updated.deepCopy();
            versioner().prepareObjectForStorage(stored);
            ByteSequence bytes = encode(stored);
            if (Arrays.equals(bytes.getBytes(), current.getValue().getBytes())) {
                if (fromEtcd) {
                    return object; // nothing changed: no write, the resourceVersion stays
                }
                current = readCurrent(key); // "nothing changed" from a guess: decide again on etcd's value
                fromEtcd = true;
                continue;
            }
            // Put only if nobody wrote the key since we read it; otherwise get the fresh value.
            TxnResponse txn = Await.result(kv().txn()
                    .If(new Cmp(name, Cmp.Op.EQUAL, CmpTarget.modRevision(current.getModRevision())))
                    .Then(Op.put(name, bytes, PutOption.DEFAULT))
                    .Else(Op.get(name, GetOption.DEFAULT))
                    .commit());
            if (txn.isSucceeded()) {
                long revision = txn.getHeader().getRevision();
                suggestions.remember(keyValue(name, bytes, revision));
                versioner().updateObject(stored, revision);
                return stored;
            }
            current = freshValue(key, txn); // lost the race (or guessed wrong): run tryUpdate again on what won
            fromEtcd = true;
        }
    }
    // end::guaranteed-update[]

    // tag::delete[]
    @Override
    public ObjectNode delete(RegistryKey key, Preconditions preconditions) {
        ByteSequence name = Bytes.bytes(key.path());
        KeyValue current = readCurrent(key);
        while (true) {
            ObjectNode object = decode(current);
            preconditions.check(key, object);
            TxnResponse txn = Await.result(kv().txn()
                    .If(new Cmp(name, Cmp.Op.EQUAL, CmpTarget.modRevision(current.getModRevision())))
                    .Then(Op.delete(name, DeleteOption.DEFAULT))
                    .Else(Op.get(name, GetOption.DEFAULT))
                    .commit());
            if (txn.isSucceeded()) {
                suggestions.forget(key.path());
                // The last state, stamped with the revision of the delete (what a watch would send).
                versioner().updateObject(object, txn.getHeader().getRevision());
                return object;
            }
            current = freshValue(key, txn); // changed under us: check the preconditions again
        }
    }
    // end::delete[]

    /** Remembers what a read saw, for the next update of the same key (see {@link SuggestedObjects}). */
    @Override
    public ObjectNode get(RegistryKey key, GetOptions options) {
        ObjectNode object = super.get(key, options);
        remember(key, object);
        return object;
    }

    /** Remembers what was created, for its first update. */
    @Override
    public ObjectNode create(RegistryKey key, ObjectNode object) {
        ObjectNode created = super.create(key, object);
        remember(key, created);
        return created;
    }

    /** The objects this storage remembers as suggestions for its updates. */
    public SuggestedObjects suggestions() {
        return suggestions;
    }

    private KeyValue readCurrent(RegistryKey key) {
        return known(key, Await.result(kv().get(Bytes.bytes(key.path()))).getKvs());
    }

    /** The value the Else branch of a failed transaction read; the key may be gone by now. */
    private KeyValue freshValue(RegistryKey key, TxnResponse txn) {
        return known(key, txn.getGetResponses().get(0).getKvs());
    }

    /** The one key-value etcd returned, now remembered; or KeyNotFound, and forgotten. */
    private KeyValue known(RegistryKey key, List<KeyValue> kvs) {
        if (kvs.isEmpty()) {
            suggestions.forget(key.path());
            throw new KeyNotFoundException(key.path());
        }
        suggestions.remember(kvs.get(0));
        return kvs.get(0);
    }

    /** An object as it is stored: its bytes without the resourceVersion, at its mod_revision. */
    private void remember(RegistryKey key, ObjectNode object) {
        long modRevision = versioner().parse(versioner().objectResourceVersion(object));
        ObjectNode stored = object.deepCopy();
        versioner().prepareObjectForStorage(stored);
        suggestions.remember(keyValue(Bytes.bytes(key.path()), encode(stored), modRevision));
    }

    private static KeyValue keyValue(ByteSequence key, ByteSequence value, long modRevision) {
        return new KeyValue(io.etcd.jetcd.api.KeyValue.newBuilder()
                .setKey(ByteString.copyFrom(key.getBytes()))
                .setValue(ByteString.copyFrom(value.getBytes()))
                .setModRevision(modRevision)
                .build(), ByteSequence.EMPTY);
    }
}
