package io.rvlab.ch04.bench;

import io.rvlab.ch03.bench.LatencyHistogram;
import java.util.List;

/**
 * The watchers' side of a cell, counted after it: events received inside the measured window (the
 * delivery rate), and for every write acknowledged inside it, when each watcher parsed its event
 * (the delivery latency, from the moment the writer sent the write). Every watcher must see every
 * such write: one that never arrived at a watcher is missing (lost), once per watcher.
 */
final class Deliveries {

    private final LatencyHistogram latency = new LatencyHistogram();
    private long delivered;
    private long matched;
    private long expected;
    private long maxMicros;
    private int failed;
    private String firstError;

    /**
     * @param acknowledgedInWindow how many writes were acknowledged inside [{@code from}, {@code to})
     */
    static Deliveries count(List<DeliveryLog> logs, AckLog acks, long from, long to, long acknowledgedInWindow) {
        Deliveries d = new Deliveries();
        for (DeliveryLog log : logs) {
            d.expected += acknowledgedInWindow;
            if (log.error() != null) {
                d.failed++;
                d.firstError = d.firstError != null ? d.firstError : log.error();
            }
            log.forEach((resourceVersion, receivedAt) -> {
                if (receivedAt >= from && receivedAt < to) {
                    d.delivered++;
                }
                AckLog.Write write = acks.write(resourceVersion);
                if (write != null && write.ackedAt() >= from && write.ackedAt() < to) {
                    long micros = Math.max(0, receivedAt - write.sentAt()) / 1000;
                    d.latency.record(micros);
                    d.maxMicros = Math.max(d.maxMicros, micros);
                    d.matched++;
                }
            });
        }
        return d;
    }

    long delivered() {
        return delivered;
    }

    long expected() {
        return expected;
    }

    /** Events of acknowledged writes that did not arrive (a negative count would mean duplicates). */
    long missing() {
        return expected - matched;
    }

    long percentileMicros(double percentile) {
        return latency.percentile(percentile);
    }

    long maxMicros() {
        return maxMicros;
    }

    int failedWatchers() {
        return failed;
    }

    String firstError() {
        return firstError;
    }
}
