package io.rvlab.ch04.bench;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each of the writer's writes by the resourceVersion the API server answered with: when the writer
 * sent it (the start of every delivery latency) and when it had the answer (which decides whether
 * the write falls inside the measured window). A watcher's event carries the same resourceVersion
 * (etcd's mod_revision of the write), so the two meet without the watcher decoding the object.
 * Writer and watchers share this JVM, so both times and the watchers' are on one clock.
 */
final class AckLog {

    /** One acknowledged write: {@link System#nanoTime()} when it was sent and when it was answered. */
    record Write(long sentAt, long ackedAt) {
    }

    private final Map<Long, Write> writes = new ConcurrentHashMap<>();

    void acknowledged(long resourceVersion, long sentAt, long ackedAt) {
        writes.put(resourceVersion, new Write(sentAt, ackedAt));
    }

    /** The write of {@code resourceVersion}; null if it was never acknowledged. */
    Write write(long resourceVersion) {
        return writes.get(resourceVersion);
    }
}
