package io.rvlab.ch03.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
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
import io.rvlab.ch02.storage.KeyNotFoundException;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch02.storage.Versioner;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * Chapter 2's {@link EtcdStorage} with updates and deletes, as kube-apiserver's etcd3 store does
 * them: every write is one etcd transaction guarded by the mod_revision that was read, so no write
 * can silently overwrite another.
 */
public class EtcdUpdatableStorage extends EtcdStorage implements UpdatableStorage {

    public EtcdUpdatableStorage(Client client) {
        super(client);
    }

    public EtcdUpdatableStorage(Client client, Versioner versioner, Duration tooLargeWait) {
        super(client, versioner, tooLargeWait);
    }

    // tag::guaranteed-update[]
    @Override
    public ObjectNode guaranteedUpdate(RegistryKey key, Preconditions preconditions, UpdateFunction tryUpdate) {
        ByteSequence name = Bytes.bytes(key.path());
        KeyValue current = readCurrent(key);
        while (true) {
            ObjectNode object = decode(current);
            preconditions.check(key, object);             // a failed precondition is final: 409
            ObjectNode updated = tryUpdate.apply(object.deepCopy()); // so is anything tryUpdate throws
            ObjectNode stored = updated.deepCopy();
            versioner().prepareObjectForStorage(stored);
            ByteSequence bytes = encode(stored);
            if (Arrays.equals(bytes.getBytes(), current.getValue().getBytes())) {
                return object; // nothing changed: no write, the resourceVersion stays
            }
            // Put only if nobody wrote the key since we read it; otherwise get the fresh value.
            TxnResponse txn = Await.result(kv().txn()
                    .If(new Cmp(name, Cmp.Op.EQUAL, CmpTarget.modRevision(current.getModRevision())))
                    .Then(Op.put(name, bytes, PutOption.DEFAULT))
                    .Else(Op.get(name, GetOption.DEFAULT))
                    .commit());
            if (txn.isSucceeded()) {
                versioner().updateObject(stored, txn.getHeader().getRevision());
                return stored;
            }
            current = freshValue(key, txn); // lost the race: run tryUpdate again on what won
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
                // The last state, stamped with the revision of the delete (what a watch would send).
                versioner().updateObject(object, txn.getHeader().getRevision());
                return object;
            }
            current = freshValue(key, txn); // changed under us: check the preconditions again
        }
    }
    // end::delete[]

    private KeyValue readCurrent(RegistryKey key) {
        GetResponse response = Await.result(kv().get(Bytes.bytes(key.path())));
        if (response.getKvs().isEmpty()) {
            throw new KeyNotFoundException(key.path());
        }
        return response.getKvs().get(0);
    }

    /** The value the Else branch of a failed transaction read; the key may be gone by now. */
    private static KeyValue freshValue(RegistryKey key, TxnResponse txn) {
        List<KeyValue> kvs = txn.getGetResponses().get(0).getKvs();
        if (kvs.isEmpty()) {
            throw new KeyNotFoundException(key.path());
        }
        return kvs.get(0);
    }
}
