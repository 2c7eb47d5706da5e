package io.rvlab.ch04.bench;

/**
 * What one watcher received: each event's resourceVersion and the {@link System#nanoTime()} it
 * arrived at, appended as it arrives and accounted for after the cell (so the watcher's own cost per
 * event stays two array stores). Appended by one thread at a time, read by another at the end.
 */
final class DeliveryLog {

    private long[] resourceVersions = new long[1024];
    private long[] receivedAt = new long[1024];
    private int size;
    private volatile long newest;
    private volatile String error;

    synchronized void received(long resourceVersion, long nanoTime) {
        if (size == resourceVersions.length) {
            resourceVersions = java.util.Arrays.copyOf(resourceVersions, size * 2);
            receivedAt = java.util.Arrays.copyOf(receivedAt, size * 2);
        }
        resourceVersions[size] = resourceVersion;
        receivedAt[size] = nanoTime;
        size++;
        if (resourceVersion > newest) {
            newest = resourceVersion;
        }
    }

    /** The watch ended before it was closed (an ERROR event, a dropped stream): the first reason. */
    void failed(String reason) {
        if (error == null) {
            error = reason;
        }
    }

    /** The newest resourceVersion received so far; 0 before the first event. */
    long newest() {
        return newest;
    }

    String error() {
        return error;
    }

    synchronized int size() {
        return size;
    }

    /** One received event: its resourceVersion and when it arrived. */
    interface Entry {
        void accept(long resourceVersion, long receivedAt);
    }

    /** Every event received so far, in the order received. */
    synchronized void forEach(Entry entry) {
        for (int i = 0; i < size; i++) {
            entry.accept(resourceVersions[i], receivedAt[i]);
        }
    }
}
