package io.rvlab.ch03.bench;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.PutOption;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import java.util.List;

/**
 * The baseline: what any etcd client does for optimistic concurrency, with nothing in between.
 * GET the key, change the value, then one transaction: if the key's mod_revision is still the one
 * read, put the new value. A failed comparison is a conflict; the next attempt reads again.
 *
 * <p>It uses the jetcd client it is given (the benchmark passes the one the API server uses) and
 * waits for each answer as the server's storage does, so both paths talk to etcd alike.
 */
// tag::raw-update[]
public final class RawEtcdUpdater implements Updater {

    private final KV kv;
    private final String prefix;
    private final String namespace;

    /** Keys are {@code prefix + name}, outside /registry/, so the API server never sees them. */
    public RawEtcdUpdater(Client client, String prefix, String namespace) {
        this.kv = client.getKVClient();
        this.prefix = prefix;
        this.namespace = namespace;
    }

    @Override
    public String name() {
        return "raw etcd";
    }

    @Override
    public void prepare(List<String> names) throws Exception {
        Await.result(kv.delete(Bytes.bytes(prefix), DeleteOption.builder().isPrefix(true).build()));
        for (String name : names) {
            byte[] value = Counter.JSON.writeValueAsBytes(Counter.configMap(namespace, name));
            Await.result(kv.put(key(name), ByteSequence.from(value)));
        }
    }

    @Override
    public Attempt update(String name) throws Exception {
        ByteSequence key = key(name);
        GetResponse read = Await.result(kv.get(key));
        KeyValue current = read.getKvs().get(0);
        ByteSequence changed = ByteSequence.from(Counter.increment(current.getValue().getBytes()));
        long start = System.nanoTime();
        TxnResponse txn = Await.result(kv.txn()
                .If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.modRevision(current.getModRevision())))
                .Then(Op.put(key, changed, PutOption.DEFAULT))
                .commit());
        return new Attempt(txn.isSucceeded(), System.nanoTime() - start);
    }

    private ByteSequence key(String name) {
        return Bytes.bytes(prefix + name);
    }
}
// end::raw-update[]
