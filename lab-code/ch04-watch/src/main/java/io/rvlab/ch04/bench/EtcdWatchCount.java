package io.rvlab.ch04.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * How many watches etcd itself holds, from its Prometheus endpoint ({@code /metrics} on the client
 * URL): the gauge {@value #GAUGE}. The API server runs in another JVM, so the benchmark cannot ask it;
 * etcd's own count is the better witness anyway, and it counts every watcher alike: the API server's
 * watch cache and the direct jetcd watches.
 */
final class EtcdWatchCount {

    static final String GAUGE = "etcd_debugging_mvcc_watcher_total";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI metrics;

    /** @param endpoints etcd's client URLs, comma-separated: the first one is asked */
    EtcdWatchCount(String endpoints) {
        this.metrics = URI.create(endpoints.split(",")[0].replaceAll("/+$", "") + "/metrics");
    }

    /** The watches etcd holds now; -1 if it could not be read (an etcd that hides its metrics). */
    int now() {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(5))
                    .build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? parse(response.body()) : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The gauge's value in a Prometheus text exposition; -1 when it is not there. */
    static int parse(String exposition) {
        for (String line : exposition.split("\n")) {
            if (line.startsWith(GAUGE + " ")) {
                return (int) Double.parseDouble(line.substring(GAUGE.length() + 1).strip());
            }
        }
        return -1;
    }
}
