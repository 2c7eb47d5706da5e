package io.rvlab.ch04.bench;

import io.rvlab.ch03.bench.LatencyHistogram;
import java.util.List;
import java.util.OptionalLong;

/**
 * The watchers' side of a cell, counted after it: events received inside the measured window (the
 * delivery rate), and for every write acknowledged inside it, when each watcher received its event
 * (the delivery latency, from the acknowledgement). An event that arrived before the writer had its
 * acknowledgement counts as 0: it was delivered no later than the write was known to be done.
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
                OptionalLong ack = acks.ackedAt(resourceVersion);
                if (ack.isPresent() && ack.getAsLong() >= from && ack.getAsLong() < to) {
                    long micros = Math.max(0, receivedAt - ack.getAsLong()) / 1000;
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
