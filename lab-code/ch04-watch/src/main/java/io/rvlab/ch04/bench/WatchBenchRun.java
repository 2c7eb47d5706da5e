package io.rvlab.ch04.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * A whole run of {@code ./course bench watch}: where it ran and every cell's results.
 *
 * @param etcdVersion the etcd server's version, as its status call reports it
 * @param etcd which etcd (container image and endpoint, or an external endpoint)
 * @param cores the processors the JVM sees (etcd shares them when it runs on the same machine)
 * @param java the JVM's version and vendor
 * @param date when the run started (UTC, ISO-8601)
 * @param server the API server measured: its main class, its JVM and URL
 * @param warmupSeconds how long each mode ran, unmeasured, before the first cell
 * @param settleSeconds how long the writer ran before each cell's window
 * @param seconds measured time of each cell
 * @param rate the writer's target rate, writes per second
 * @param watcherCounts the watcher counts run, in order
 * @param cells every cell's result
 * @param sustainedPlan the row set "1,000 watchers, one writer at 20 writes/s for 10 s", or null if it was left out
 * @param sustained its results, one per mode
 */
public record WatchBenchRun(String etcdVersion, String etcd, int cores, String java, String date, String server,
        double warmupSeconds, double settleSeconds, double seconds, double rate, List<Integer> watcherCounts,
        List<WatchCellResult> cells, WatchBenchOptions.Sustained sustainedPlan, List<WatchCellResult> sustained) {

    /** The sustained row set's targets: the writer completes 95 % of its writes (190 of 200), p99 under 100 ms, nothing lost. */
    public static final double SUSTAINED_WRITER_SHARE = 0.95;
    public static final long SUSTAINED_P99_MICROS = 100_000;

    /** The target: p99 delivery latency under this at {@link #TARGET_WATCHERS} watchers, through the cache. */
    public static final long TARGET_P99_MICROS = 100_000;
    public static final int TARGET_WATCHERS = 1000;
    /** A real kube-apiserver 1.26.1 on the same machine, 1000 watchers, writer at 200/s. */
    public static final long KUBE_APISERVER_P99_MICROS = 266_000;
    public static final int KUBE_APISERVER_WRITES = 77;
    public static final int KUBE_APISERVER_RATE = 200;

    public WatchBenchRun {
        watcherCounts = List.copyOf(watcherCounts);
        cells = List.copyOf(cells);
        sustained = List.copyOf(sustained);
    }

    /** The sustained row set's cell of {@code mode}. */
    public Optional<WatchCellResult> sustainedCell(WatchMode mode) {
        return sustained.stream().filter(c -> c.mode() == mode).findFirst();
    }

    /** How many of its writes the writer must complete: 190 of 200. */
    public static long writesNeeded(WatchCellResult c) {
        return (long) Math.ceil(SUSTAINED_WRITER_SHARE * c.writesTarget() - 1e-9);
    }

    public static boolean writerMet(WatchCellResult c) {
        return c.writesAcknowledged() >= writesNeeded(c);
    }

    public static boolean latencyMet(WatchCellResult c) {
        return c.p99Micros() < SUSTAINED_P99_MICROS;
    }

    /** Every watcher saw every write: no event missing, no watch ended early. */
    public static boolean nothingLost(WatchCellResult c) {
        return c.eventsMissing() == 0 && c.failedWatchers() == 0;
    }

    /** The sustained row set's targets, met by the API server (its watch, through the cache). */
    public boolean sustainedMet() {
        return sustainedCell(WatchMode.CACHE).map(c -> writerMet(c) && latencyMet(c) && nothingLost(c)).orElse(false);
    }

    public Optional<WatchCellResult> cell(WatchMode mode, int watchers) {
        return cells.stream().filter(c -> c.mode() == mode && c.watchers() == watchers).findFirst();
    }

    /** The cell the target is about: the watch cache at 1000 watchers. */
    public Optional<WatchCellResult> targetCell() {
        return cell(WatchMode.CACHE, TARGET_WATCHERS);
    }

    /**
     * p99 under 100 ms at 1000 watchers through the cache, the writer holding its rate, no events
     * missing, and the same few etcd watches in every cache cell, whatever the number of watchers.
     */
    public boolean targetMet() {
        return targetCell().map(c -> c.p99Micros() < TARGET_P99_MICROS && c.writerHeldRate() && c.eventsMissing() == 0
                && c.failedWatchers() == 0).orElse(false) && fixedEtcdWatches();
    }

    /** Every cache cell held the same number of etcd watches (one per served resource), whatever N. */
    public boolean fixedEtcdWatches() {
        return cells.stream().filter(c -> c.mode() == WatchMode.CACHE).mapToInt(WatchCellResult::etcdWatches)
                .distinct().count() <= 1;
    }

    /** The run as JSON, for tools: every number unrounded. */
    public ObjectNode toJson() {
        ObjectNode json = FixedRateWriter.JSON.createObjectNode();
        json.put("benchmark", "watch");
        json.put("date", date);
        ObjectNode env = json.putObject("environment");
        env.put("etcdVersion", etcdVersion).put("etcd", etcd).put("cores", cores).put("java", java)
                .put("apiServer", server);
        json.put("warmupSeconds", warmupSeconds).put("settleSeconds", settleSeconds).put("seconds", seconds)
                .put("writesPerSecondTarget", rate);
        ObjectNode target = json.putObject("target");
        target.put("mode", WatchMode.CACHE.option()).put("watchers", TARGET_WATCHERS)
                .put("p99Micros", TARGET_P99_MICROS)
                .put("kubeApiserverP99Micros", KUBE_APISERVER_P99_MICROS)
                .put("kubeApiserverWritesAcknowledged", KUBE_APISERVER_WRITES)
                .put("kubeApiserverWritesTarget", KUBE_APISERVER_RATE);
        targetCell().ifPresent(c -> target.put("measuredP99Micros", c.p99Micros())
                .put("writerHeldRate", c.writerHeldRate()).put("etcdWatches", c.etcdWatches()));
        target.put("fixedEtcdWatches", fixedEtcdWatches());
        target.put("met", targetMet());
        ArrayNode array = json.putArray("cells");
        cells.forEach(c -> cellJson(array.addObject(), c));
        if (sustainedPlan != null) {
            ObjectNode rows = json.putObject("sustained");
            rows.put("watchers", sustainedPlan.watchers()).put("writesPerSecond", sustainedPlan.rate())
                    .put("seconds", sustainedPlan.seconds()).put("writes", sustainedPlan.writes());
            ObjectNode goals = rows.putObject("target");
            goals.put("mode", WatchMode.CACHE.option()).put("writerShare", SUSTAINED_WRITER_SHARE)
                    .put("p99Micros", SUSTAINED_P99_MICROS).put("eventsLost", 0).put("met", sustainedMet());
            ArrayNode sustainedCells = rows.putArray("cells");
            for (WatchCellResult c : sustained) {
                cellJson(sustainedCells.addObject(), c).put("writesNeeded", writesNeeded(c)).put("writerMet", writerMet(c))
                        .put("latencyMet", latencyMet(c)).put("nothingLost", nothingLost(c));
            }
        }
        return json;
    }

    private static ObjectNode cellJson(ObjectNode cell, WatchCellResult c) {
        cell.put("mode", c.mode().option()).put("watchers", c.watchers()).put("seconds", c.seconds())
                .put("writesTarget", c.writesTarget()).put("writesSent", c.writesSent())
                .put("writesAcknowledged", c.writesAcknowledged()).put("writeErrors", c.writeErrors())
                .put("writerHeldRate", c.writerHeldRate())
                .put("eventsDelivered", c.eventsDelivered()).put("eventsPerSecond", c.eventsPerSecond())
                .put("eventsExpected", c.eventsExpected()).put("eventsMissing", c.eventsMissing())
                .put("deliveryLatencyP50Micros", c.p50Micros()).put("deliveryLatencyP99Micros", c.p99Micros())
                .put("deliveryLatencyMaxMicros", c.maxMicros()).put("etcdWatches", c.etcdWatches())
                .put("writeLatencyP50Micros", c.p50WriteMicros()).put("writeLatencyP99Micros", c.p99WriteMicros())
                .put("clientJvmCpuNanos", c.jvmCpuNanos()).put("failedWatchers", c.failedWatchers());
        if (c.serverCpuNanos() >= 0) {
            cell.put("apiServerCpuNanos", c.serverCpuNanos());
        }
        c.cpuMillisByThread().forEach(cell.putObject("clientJvmCpuMillisByThread")::put);
        if (c.firstError() != null) {
            cell.put("firstError", c.firstError());
        }
        return cell;
    }
}
