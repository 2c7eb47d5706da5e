package io.rvlab.exercises.ch03;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.PutOption;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * How the grading tests set etcd up and check what your code did: plain jetcd calls, straight to
 * etcd, the way {@code etcdctl} would. Your code is never used here, so a test's expectations never
 * depend on the code it grades.
 */
final class Direct {

    private final KV kv;

    Direct(Client client) {
        this(client.getKVClient());
    }

    Direct(KV kv) {
        this.kv = kv;
    }

    /** {@code etcdctl put key value}; returns the revision of that write. */
    long put(String key, String value) {
        return await(kv.put(utf8(key), utf8(value))).getHeader().getRevision();
    }

    /**
     * {@code etcdctl txn}: put only if the key's mod_revision is still {@code expected}; returns the
     * revision of the write, or -1 if the key had changed (nothing written).
     */
    long putIfUnchanged(String key, String value, long expected) {
        var txn = await(kv.txn()
                .If(new Cmp(utf8(key), Cmp.Op.EQUAL, CmpTarget.modRevision(expected)))
                .Then(Op.put(utf8(key), utf8(value), PutOption.DEFAULT))
                .commit());
        return txn.isSucceeded() ? txn.getHeader().getRevision() : -1;
    }

    /** {@code etcdctl del key}; returns the revision of the delete. */
    long delete(String key) {
        return await(kv.delete(utf8(key))).getHeader().getRevision();
    }

    /** The key as etcd holds it now ({@code etcdctl get key -w json}), or empty if it does not exist. */
    Optional<KeyValue> get(String key) {
        List<KeyValue> kvs = await(kv.get(utf8(key))).getKvs();
        return kvs.isEmpty() ? Optional.empty() : Optional.of(kvs.get(0));
    }

    /** The key as etcd holds it now; fails the test if the key is missing. */
    KeyValue existing(String key) {
        return get(key).orElseThrow(() -> new AssertionError("expected key " + key + " to exist in etcd, but it does not"));
    }

    /** The key's current value; fails the test if the key is missing. */
    String value(String key) {
        return text(existing(key).getValue());
    }

    /** The key's current mod_revision; fails the test if the key is missing. */
    long modRevision(String key) {
        return existing(key).getModRevision();
    }

    /** The store's current revision, from the header of a read ({@code etcdctl endpoint status}). */
    long currentRevision() {
        return await(kv.get(utf8("/rvlab-test/any-key"))).getHeader().getRevision();
    }

    static ByteSequence utf8(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }

    static String text(ByteSequence bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("direct etcd call failed: " + e, e);
        }
    }
}
