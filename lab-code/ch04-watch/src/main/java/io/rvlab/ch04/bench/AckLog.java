package io.rvlab.ch04.bench;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When the writer had each of its writes acknowledged, by the resourceVersion the API server
 * answered with: the start of every delivery latency. A watcher's event carries the same
 * resourceVersion (etcd's mod_revision of the write), so the two meet without the watcher
 * decoding the object.
 */
final class AckLog {

    private final Map<Long, Long> ackNanos = new ConcurrentHashMap<>();

    void acknowledged(long resourceVersion, long nanoTime) {
        ackNanos.put(resourceVersion, nanoTime);
    }

    /** When the write of {@code resourceVersion} was acknowledged; empty if it never was. */
    OptionalLong ackedAt(long resourceVersion) {
        Long at = ackNanos.get(resourceVersion);
        return at == null ? OptionalLong.empty() : OptionalLong.of(at);
    }
}
