package io.rvlab.ch03.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * A whole benchmark run: where it ran and every cell's results for both paths.
 *
 * @param etcdVersion the etcd server's version, as its status call reports it
 * @param etcd which etcd (container image and endpoint, or an external endpoint)
 * @param cores the processors the JVM sees (etcd shares them when it runs on the same machine)
 * @param java the JVM's version and vendor
 * @param date when the run started (UTC, ISO-8601)
 * @param server the API server measured: its main class, its JVM and URL ({@link ApiServerProcess#description()})
 * @param warmupSeconds how long each path ran before the first measured cell
 * @param settleSeconds how long each cell ran before it was measured
 * @param seconds measured time of each cell
 * @param httpClient the JDK HTTP client the API server's load was sent with ({@link LoadClient#label()})
 */
public record BenchRun(String etcdVersion, String etcd, int cores, String java, String date, String server,
        double warmupSeconds, double settleSeconds, double seconds, List<Integer> clientCounts, List<CellResult> cells,
        String httpClient) {

    /** At 64 clients on distinct objects, the API server should reach this fraction of raw etcd. */
    public static final double TARGET_RATIO = 0.8;
    public static final int TARGET_CLIENTS = 64;
    /** What a real kube-apiserver 1.26.1 reached on the same etcd, for comparison. */
    public static final double KUBE_APISERVER_RATIO = 0.51;

    public static final String RAW = "raw etcd";
    public static final String API = "API server";

    public Optional<CellResult> cell(String path, Contention contention, int clients) {
        return cells.stream()
                .filter(c -> c.path().equals(path) && c.contention() == contention && c.clients() == clients)
                .findFirst();
    }

    /** API server updates/s over raw etcd updates/s in one cell; empty if either is missing or raw is 0. */
    public Optional<Double> ratio(Contention contention, int clients) {
        Optional<CellResult> raw = cell(RAW, contention, clients);
        Optional<CellResult> api = cell(API, contention, clients);
        if (raw.isEmpty() || api.isEmpty() || raw.get().updates() == 0) {
            return Optional.empty();
        }
        return Optional.of(api.get().updatesPerSecond() / raw.get().updatesPerSecond());
    }

    /** The target's ratio, if this run measured that cell. */
    public Optional<Double> targetRatio() {
        return ratio(Contention.DISTINCT, TARGET_CLIENTS);
    }

    public boolean targetMet() {
        return targetRatio().map(BenchRun::meetsTarget).orElse(false);
    }

    /** Whether a measured ratio meets the target: at least {@link #TARGET_RATIO}, compared as printed (two decimals). */
    public static boolean meetsTarget(double ratio) {
        return Math.round(ratio * 100) >= Math.round(TARGET_RATIO * 100);
    }

    /** The run as JSON, for tools: every number unrounded. */
    public ObjectNode toJson() {
        ObjectNode json = Counter.JSON.createObjectNode();
        json.put("benchmark", "update");
        json.put("date", date);
        ObjectNode env = json.putObject("environment");
        env.put("etcdVersion", etcdVersion).put("etcd", etcd).put("cores", cores).put("java", java)
                .put("apiServer", server).put("httpClient", httpClient);
        json.put("warmupSeconds", warmupSeconds).put("settleSeconds", settleSeconds).put("seconds", seconds);
        ObjectNode target = json.putObject("target");
        target.put("clients", TARGET_CLIENTS).put("contention", Contention.DISTINCT.label())
                .put("ratio", TARGET_RATIO).put("kubeApiserverRatio", KUBE_APISERVER_RATIO);
        targetRatio().ifPresent(r -> target.put("measuredRatio", r));
        target.put("met", targetMet());
        ArrayNode array = json.putArray("cells");
        for (CellResult c : cells) {
            ObjectNode cell = array.addObject();
            cell.put("path", c.path()).put("contention", c.contention().label()).put("clients", c.clients())
                    .put("seconds", c.seconds()).put("updates", c.updates()).put("conflicts", c.conflicts())
                    .put("errors", c.errors()).put("updatesPerSecond", c.updatesPerSecond())
                    .put("conflictsPerSecond", c.conflictsPerSecond())
                    .put("writeLatencyP50Micros", c.p50Micros()).put("writeLatencyP99Micros", c.p99Micros())
                    .put("clientJvmCpuMicrosPerAttempt", c.jvmCpuMicrosPerAttempt());
            c.serverCpuMicrosPerAttempt().ifPresent(us -> cell.put("apiServerCpuMicrosPerAttempt", us));
            if (c.path().equals(API)) {
                ratio(c.contention(), c.clients()).ifPresent(r -> cell.put("ratioToRaw", r));
            }
            if (c.firstError() != null) {
                cell.put("firstError", c.firstError());
            }
        }
        return json;
    }
}
