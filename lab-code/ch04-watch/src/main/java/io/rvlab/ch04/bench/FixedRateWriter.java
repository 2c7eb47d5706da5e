package io.rvlab.ch04.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.bench.HttpTransport;
import io.rvlab.ch03.bench.LatencyHistogram;
import io.rvlab.ch03.bench.UrlConnectionTransport;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The benchmark's one writer: a Kubernetes client that updates ConfigMaps (PUT, unconditional, in
 * turn over a few objects) on a fixed schedule, one write at a time, over one kept-alive
 * HttpURLConnection. The schedule is a fixed rate, as {@code scheduleAtFixedRate} keeps one: a write
 * that overruns its slot delays the next, which then goes at once, so an occasional slow write is
 * made up for. The writer never falls more than {@link #MAX_LAG_NANOS} behind its schedule, though:
 * what it could not send by then is dropped, not sent in a burst later (which would show a rate
 * above the target after a stall). A server slowed by its watchers shows as writes sent below the
 * target rate, as the kube-apiserver writer showed it.
 */
final class FixedRateWriter {

    static final ObjectMapper JSON = new ObjectMapper();

    /** How far behind its schedule the writer may fall and still catch up: 100 ms, 20 writes at 200/s. */
    static final long MAX_LAG_NANOS = 100_000_000;

    /** One connection, kept alive, for one write at a time. */
    private final UrlConnectionTransport http = new UrlConnectionTransport("rvlab-bench-watch/1.0");
    private final URI server;
    private final String namespace;
    private final int objects;
    private final double rate;
    private final AckLog acks;
    private long sequence;

    FixedRateWriter(URI server, String namespace, int objects, double rate, AckLog acks) {
        this.server = server;
        this.namespace = namespace;
        this.objects = objects;
        this.rate = rate;
        this.acks = acks;
    }

    /** What the writer did inside the measured window. */
    record Result(long target, long sent, long acknowledged, long errors, String firstError,
            long newestResourceVersion, long p50WriteMicros, long p99WriteMicros) {
    }

    /** Creates the namespace (if missing) and the ConfigMaps; answers the resourceVersion of the last. */
    long prepare() throws IOException {
        ObjectNode ns = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Namespace");
        ns.putObject("metadata").put("name", namespace);
        send("POST", "/api/v1/namespaces", JSON.writeValueAsBytes(ns), 201, 409);
        long resourceVersion = 0;
        for (int i = 0; i < objects; i++) {
            send("DELETE", path(i), null, 200, 404);
            resourceVersion = resourceVersion(send("POST", collection(), configMap(i), 201));
        }
        return resourceVersion;
    }

    // tag::writer[]
    /**
     * Writes at the fixed rate from now until {@code measureTo}; counts what was sent and
     * acknowledged in [{@code measureFrom}, {@code measureTo}), and logs every acknowledgement.
     */
    Result run(long measureFrom, long measureTo) throws InterruptedException {
        long interval = (long) (1e9 / rate);
        long next = System.nanoTime();
        long sent = 0;
        long acknowledged = 0;
        long errors = 0;
        long newest = 0;
        String firstError = null;
        LatencyHistogram writes = new LatencyHistogram();
        while (next < measureTo) {
            long wait = next - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            long start = System.nanoTime();
            boolean measured = start >= measureFrom && start < measureTo;
            sent += measured ? 1 : 0;
            try {
                long resourceVersion = resourceVersion(send("PUT", path((int) (sequence % objects)),
                        configMap((int) (sequence % objects)), 200));
                long ack = System.nanoTime();
                acks.acknowledged(resourceVersion, start, ack); // start: where this write's delivery latency begins
                newest = Math.max(newest, resourceVersion);
                if (ack >= measureFrom && ack < measureTo) {
                    acknowledged++;
                    writes.recordNanos(ack - start);
                }
            } catch (IOException | RuntimeException e) {
                errors += measured ? 1 : 0;
                firstError = firstError != null ? firstError : e.getClass().getSimpleName() + ": " + e.getMessage();
            }
            sequence++;
            next += interval; // if that is already past, the next write goes at once: the writer catches up,
            next = Math.max(next, System.nanoTime() - MAX_LAG_NANOS); // but only so far
        }
        long target = Math.round((measureTo - measureFrom) / 1e9 * rate);
        return new Result(target, sent, acknowledged, errors, firstError, newest, writes.percentile(50),
                writes.percentile(99));
    }
    // end::writer[]

    private byte[] configMap(int object) throws IOException {
        ObjectNode cm = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", name(object)).put("namespace", namespace);
        cm.putObject("data").put("sequence", Long.toString(sequence));
        return JSON.writeValueAsBytes(cm);
    }

    private static String name(int object) {
        return "bench-" + object;
    }

    private String collection() {
        return "/api/v1/namespaces/" + namespace + "/configmaps";
    }

    private String path(int object) {
        return collection() + "/" + name(object);
    }

    private static long resourceVersion(byte[] body) throws IOException {
        return Long.parseLong(JSON.readTree(body).path("metadata").path("resourceVersion").asText("0"));
    }

    private byte[] send(String method, String path, byte[] body, int... expected) throws IOException {
        HttpTransport.Response answer = http.send(method, server.resolve(path), body);
        for (int code : expected) {
            if (answer.status() == code) {
                return answer.body();
            }
        }
        throw new IOException(method + " " + path + " answered " + answer.status() + ": "
                + new String(answer.body(), StandardCharsets.UTF_8).strip());
    }
}
