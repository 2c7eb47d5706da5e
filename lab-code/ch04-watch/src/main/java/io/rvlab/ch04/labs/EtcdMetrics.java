package io.rvlab.ch04.labs;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * etcd's own count of its watchers, read from the Prometheus text etcd serves at {@code /metrics}
 * on its client URL: {@code etcd_debugging_mvcc_watcher_total} (watchers) and
 * {@code etcd_debugging_mvcc_watch_stream_total} (gRPC watch streams they travel on).
 */
final class EtcdMetrics {

    static final String WATCHERS = "etcd_debugging_mvcc_watcher_total";
    static final String STREAMS = "etcd_debugging_mvcc_watch_stream_total";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI metrics;

    EtcdMetrics(String endpoints) {
        this.metrics = URI.create(endpoints.split(",")[0].replaceAll("/+$", "") + "/metrics");
    }

    /** The gauge's value, or empty if etcd's metrics cannot be read here (an external etcd with TLS, say). */
    OptionalLong read(String gauge) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(5))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return OptionalLong.empty();
            }
            return response.body().lines().filter(line -> line.startsWith(gauge + " ")).findFirst()
                    .map(line -> OptionalLong.of((long) Double.parseDouble(line.substring(gauge.length() + 1).trim())))
                    .orElse(OptionalLong.empty());
        } catch (IOException | IllegalArgumentException e) {
            return OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        }
    }

    /** Waits up to 10 s for the gauge to read {@code expected} (etcd registers and cancels watchers asynchronously). */
    OptionalLong await(String gauge, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        OptionalLong value = read(gauge);
        while (value.isPresent() && value.getAsLong() != expected && System.nanoTime() < deadline) {
            Thread.sleep(50);
            value = read(gauge);
        }
        return value;
    }
}
