package io.rvlab.ch01;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.PutOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes several keys in one etcd transaction.
 *
 * <p>A transaction is the unit etcd counts: all of its writes are applied together and get one
 * new revision, so every key it writes ends up with the same {@code mod_revision}. A transaction
 * that writes nothing (for example because its condition failed) makes no revision at all.
 * Kubernetes stores each object change as one such transaction (chapter 3).
 */
public final class AtomicPut {

    /** What a transaction did: whether its writes ran, and the store's revision after it. */
    public record Outcome(boolean succeeded, long revision) {
    }

    private final KV kv;

    public AtomicPut(Client client) {
        this.kv = client.getKVClient();
    }

    // tag::txn[]
    /** One transaction puts every entry (in the map's order); returns the revision they share. */
    public long putAll(Map<String, String> entries) {
        List<Op> puts = new ArrayList<>();
        entries.forEach((key, value) ->
                puts.add(Op.put(Bytes.bytes(key), Bytes.bytes(value), PutOption.DEFAULT)));
        TxnResponse response = Await.result(kv.txn().Then(puts.toArray(Op[]::new)).commit());
        return response.getHeader().getRevision();
    }
    // end::txn[]

    // tag::create-all[]
    /**
     * Puts every entry only if none of the keys exists yet: all or nothing. A key that does not
     * exist has create_revision 0, so that is the condition to compare.
     */
    public Outcome createAll(Map<String, String> entries) {
        List<Cmp> absent = new ArrayList<>();
        List<Op> puts = new ArrayList<>();
        entries.forEach((key, value) -> {
            absent.add(new Cmp(Bytes.bytes(key), Cmp.Op.EQUAL, CmpTarget.createRevision(0)));
            puts.add(Op.put(Bytes.bytes(key), Bytes.bytes(value), PutOption.DEFAULT));
        });
        TxnResponse response = Await.result(kv.txn()
                .If(absent.toArray(Cmp[]::new))
                .Then(puts.toArray(Op[]::new))
                .commit());
        return new Outcome(response.isSucceeded(), response.getHeader().getRevision());
    }
    // end::create-all[]
}
