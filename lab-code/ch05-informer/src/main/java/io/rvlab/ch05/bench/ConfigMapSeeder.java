package io.rvlab.ch05.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Puts the benchmark's ConfigMaps into etcd through chapter 3's storage (the API server's own
 * encoding, without HTTP in the way), many at once, so ten thousand take seconds, not minutes.
 */
final class ConfigMapSeeder {

    /** How many data keys each ConfigMap has; together about {@code dataBytes}. */
    private static final int KEYS = 8;
    private static final int WRITERS = 16;

    private ConfigMapSeeder() {
    }

    /** Creates the namespace and {@code count} ConfigMaps in it; answers etcd's revision afterwards. */
    static long seed(Client etcd, String namespace, int count, int dataBytes) throws Exception {
        EtcdUpdatableStorage storage = new EtcdUpdatableStorage(etcd);
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        ObjectNode ns = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "Namespace");
        ns.putObject("metadata").put("name", namespace).put("uid", UUID.randomUUID().toString())
                .put("creationTimestamp", now);
        storage.create(Keys.clusterObject("namespaces", namespace), ns);
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try {
            List<Future<?>> writes = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writes.add(pool.submit(() -> {
                    for (int i = writer; i < count; i += WRITERS) {
                        storage.create(Keys.object("configmaps", namespace, name(i)), configMap(namespace, i, dataBytes, now));
                    }
                    return null;
                }));
            }
            for (Future<?> write : writes) {
                write.get();
            }
        } finally {
            pool.shutdownNow();
        }
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
