package io.rvlab.exercises.ch03;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.Txn;
import io.etcd.jetcd.kv.CompactResponse;
import io.etcd.jetcd.kv.DeleteResponse;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.PutResponse;
import io.etcd.jetcd.options.CompactOption;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.etcd.jetcd.options.TxnOption;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The real jetcd KV of a real etcd, with one twist for race tests: just before your code's first
 * write (a transaction, a delete or a put), another writer's {@code race} runs against the same
 * etcd. That is the worst moment for a read-modify-write, after your read and before your write,
 * and it lets a test make that race happen every time instead of once in a thousand runs. Every
 * call is passed on to etcd unchanged; nothing here answers in etcd's place.
 */
final class RacingKV implements KV {

    private final KV etcd;
    private final AtomicReference<Runnable> race;

    RacingKV(KV etcd, Runnable race) {
        this.etcd = etcd;
        this.race = new AtomicReference<>(race);
    }

    /** No race until one is {@link #arm armed}. */
    RacingKV(KV etcd) {
        this(etcd, null);
    }

    /** The other writer's {@code race} runs just before the next write (once). */
    void arm(Runnable race) {
        this.race.set(race);
    }

    /** Whether the other writer has already written. */
    boolean raced() {
        return race.get() == null;
    }

    private void beforeWrite() {
        Runnable now = race.getAndSet(null);
        if (now != null) {
            now.run();
        }
    }

    @Override
    public Txn txn() {
        beforeWrite();
        return etcd.txn();
    }

    @Override
    public Txn txn(TxnOption option) {
        beforeWrite();
        return etcd.txn(option);
    }

    @Override
    public CompletableFuture<DeleteResponse> delete(ByteSequence key) {
        beforeWrite();
        return etcd.delete(key);
    }

    @Override
    public CompletableFuture<DeleteResponse> delete(ByteSequence key, DeleteOption option) {
        beforeWrite();
        return etcd.delete(key, option);
    }

    @Override
    public CompletableFuture<PutResponse> put(ByteSequence key, ByteSequence value) {
        beforeWrite();
        return etcd.put(key, value);
    }

    @Override
    public CompletableFuture<PutResponse> put(ByteSequence key, ByteSequence value, PutOption option) {
        beforeWrite();
        return etcd.put(key, value, option);
    }

    @Override
    public CompletableFuture<GetResponse> get(ByteSequence key) {
        return etcd.get(key);
    }

    @Override
    public CompletableFuture<GetResponse> get(ByteSequence key, GetOption option) {
        return etcd.get(key, option);
    }

    @Override
    public CompletableFuture<CompactResponse> compact(long revision) {
        return etcd.compact(revision);
    }

    @Override
    public CompletableFuture<CompactResponse> compact(long revision, CompactOption option) {
        return etcd.compact(revision, option);
    }

    @Override
    public void close() {
        // the client owns the real KV; closing this view closes nothing
    }
}
