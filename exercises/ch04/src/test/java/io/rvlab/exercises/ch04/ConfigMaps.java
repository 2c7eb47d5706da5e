package io.rvlab.exercises.ch04;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.CompactOption;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch02.storage.RegistryPrefix;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * How the grading tests write ConfigMaps: plain jetcd calls straight to etcd, at the keys
 * kube-apiserver uses ({@code /registry/configmaps/<namespace>/<name>}), in a namespace of the
 * test's own. The stored JSON holds no resourceVersion, as in a real cluster. Your code is never
 * used here, so a test's expectations never depend on the code it grades.
 */
final class ConfigMaps {

    final String namespace = "ex4-" + UUID.randomUUID().toString().substring(0, 8);
    final RegistryPrefix collection = Keys.collection("configmaps", namespace);
    private final KV kv;

    ConfigMaps(Client client) {
        this.kv = client.getKVClient();
    }

    String key(String name) {
        return Keys.object("configmaps", namespace, name).path();
    }

    /** The JSON kube-apiserver would store for a ConfigMap {@code name} with {@code data.k = value}. */
    String json(String name, String value) {
        return "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"" + name
                + "\",\"namespace\":\"" + namespace + "\",\"creationTimestamp\":\"2026-01-01T00:00:00Z\"},"
                + "\"data\":{\"k\":\"" + value + "\"}}";
    }

    /** {@code etcdctl put} of the ConfigMap (a create or an update, etcd does not care); returns the revision. */
    long put(String name, String value) {
        return putJson(name, json(name, value));
    }

    /** {@code etcdctl put key json}; returns the revision of the write. */
    long putJson(String name, String json) {
        return await(kv.put(utf8(key(name)), utf8(json))).getHeader().getRevision();
    }

    /**
     * One etcd transaction that puts a ConfigMap for every name (data.k = value): one revision, and
     * one watch response that carries all of them. Returns the revision.
     */
    long putTogether(String value, String... names) {
        io.etcd.jetcd.op.Op[] puts = new io.etcd.jetcd.op.Op[names.length];
        for (int i = 0; i < names.length; i++) {
            puts[i] = io.etcd.jetcd.op.Op.put(utf8(key(names[i])), utf8(json(names[i], value)),
                    io.etcd.jetcd.options.PutOption.DEFAULT);
        }
        return await(kv.txn().Then(puts).commit()).getHeader().getRevision();
    }

    /** {@code etcdctl del key}; returns the revision of the delete. */
    long delete(String name) {
        return await(kv.delete(utf8(key(name)))).getHeader().getRevision();
    }

    /** {@code etcdctl put} of a key outside this collection: it moves etcd's revision, nothing else. */
    long elsewhere() {
        return await(kv.put(utf8("/registry/secrets/" + namespace + "/other"), utf8("{}"))).getHeader().getRevision();
    }

    /** Every key-value of the collection now, with the revision of the read. */
    record Listing(long revision, List<KeyValue> kvs) {
    }

    Listing list() {
        var response = await(kv.get(utf8(collection.path()), GetOption.builder().isPrefix(true).build()));
        return new Listing(response.getHeader().getRevision(), response.getKvs());
    }

    /** The store's current revision. */
    long currentRevision() {
        return await(kv.get(utf8("/rvlab-test/any-key"))).getHeader().getRevision();
    }

    /** {@code etcdctl compaction --physical R}: history before R is gone for every key. */
    void compact(long revision) {
        await(kv.compact(revision, CompactOption.newBuilder().withCompactPhysical(true).build()));
    }

    static ByteSequence utf8(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }

    static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("direct etcd call failed: " + e, e);
        }
    }
}
