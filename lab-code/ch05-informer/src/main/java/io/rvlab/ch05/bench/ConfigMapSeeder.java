package io.rvlab.ch05.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.PutOption;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Puts the benchmark's ConfigMaps into etcd through chapter 3's storage: its key layout and its
 * encoding, but many objects per etcd transaction (the storage's create writes one), so ten
 * thousand take a second or two, not a minute. Only for a fresh etcd: it does not check that a key
 * is new, as a create would.
 */
final class ConfigMapSeeder extends EtcdUpdatableStorage {

    /** How many data keys each ConfigMap has; together about {@code dataBytes}. */
    private static final int KEYS = 8;
    /** Puts per transaction: under etcd's default --max-txn-ops (128) and request size (1.5 MiB). */
    private static final int BATCH = 100;

    private ConfigMapSeeder(Client etcd) {
        super(etcd);
    }

    /** Creates the namespace and {@code count} ConfigMaps in it; answers etcd's revision afterwards. */
    static long seed(Client etcd, String namespace, int count, int dataBytes) {
        ConfigMapSeeder storage = new ConfigMapSeeder(etcd);
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        ObjectNode ns = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "Namespace");
        ns.putObject("metadata").put("name", namespace).put("uid", UUID.randomUUID().toString())
                .put("creationTimestamp", now);
        storage.create(Keys.clusterObject("namespaces", namespace), ns);
        List<CompletableFuture<TxnResponse>> batches = new ArrayList<>();
        for (int first = 0; first < count; first += BATCH) {
            List<Op> puts = new ArrayList<>();
            for (int i = first; i < Math.min(count, first + BATCH); i++) {
                ObjectNode cm = configMap(namespace, i, dataBytes, now);
                storage.versioner().prepareObjectForStorage(cm);
                puts.add(Op.put(ByteSequence.from(Keys.object("configmaps", namespace, name(i)).path(), StandardCharsets.UTF_8),
                        storage.encode(cm), PutOption.DEFAULT));
            }
            batches.add(storage.kv().txn().Then(puts.toArray(Op[]::new)).commit());
        }
        batches.forEach(CompletableFuture::join);
        return storage.currentRevision();
    }

    static String name(int i) {
        return String.format("cm-%05d", i);
    }

    /** A ConfigMap as the API server would have stored it, with {@code dataBytes} of data in eight keys. */
    static ObjectNode configMap(String namespace, int i, int dataBytes, String creationTimestamp) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        ObjectNode meta = cm.putObject("metadata").put("name", name(i)).put("namespace", namespace)
                .put("uid", UUID.randomUUID().toString()).put("creationTimestamp", creationTimestamp);
        meta.putObject("labels").put("app", "bench").put("shard", Integer.toString(i % 10));
        ObjectNode data = cm.putObject("data");
        int each = Math.max(1, dataBytes / KEYS);
        for (int k = 0; k < KEYS; k++) {
            data.put("key-" + k, filler(i * KEYS + k, each));
        }
        return cm;
    }

    /** Text that differs per object and key (no two values share a prefix long enough to matter). */
    private static String filler(int seed, int length) {
        StringBuilder text = new StringBuilder(length);
        long x = seed * 0x9E3779B97F4A7C15L + 1;
        while (text.length() < length) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            text.append((char) ('a' + Math.floorMod(x, 26)));
        }
        return text.toString();
    }
}
