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
 * @param jitWarmupSeconds how long each mode ran, unmeasured, before the first cell
 * @param warmupSeconds how long the writer ran before each cell's window
 * @param seconds measured time of each cell
 * @param rate the writer's target rate, writes per second
 * @param watcherCounts the watcher counts run, in order
 * @param cells every cell's result
 */
public record WatchBenchRun(String etcdVersion, String etcd, int cores, String java, String date, double jitWarmupSeconds, double warmupSeconds,
        double seconds, double rate, List<Integer> watcherCounts, List<WatchCellResult> cells) {

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
        env.put("etcdVersion", etcdVersion).put("etcd", etcd).put("cores", cores).put("java", java);
        json.put("jitWarmupSeconds", jitWarmupSeconds).put("warmupSeconds", warmupSeconds).put("seconds", seconds).put("writesPerSecondTarget", rate);
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
        for (WatchCellResult c : cells) {
            ObjectNode cell = array.addObject();
            cell.put("mode", c.mode().option()).put("watchers", c.watchers()).put("seconds", c.seconds())
                    .put("writesTarget", c.writesTarget()).put("writesSent", c.writesSent())
                    .put("writesAcknowledged", c.writesAcknowledged()).put("writeErrors", c.writeErrors())
                    .put("writerHeldRate", c.writerHeldRate())
                    .put("eventsDelivered", c.eventsDelivered()).put("eventsPerSecond", c.eventsPerSecond())
                    .put("eventsExpected", c.eventsExpected()).put("eventsMissing", c.eventsMissing())
                    .put("deliveryLatencyP50Micros", c.p50Micros()).put("deliveryLatencyP99Micros", c.p99Micros())
                    .put("deliveryLatencyMaxMicros", c.maxMicros()).put("etcdWatches", c.etcdWatches())
                    .put("writeLatencyP50Micros", c.p50WriteMicros()).put("writeLatencyP99Micros", c.p99WriteMicros()).put("jvmCpuNanos", c.jvmCpuNanos())
                    .put("failedWatchers", c.failedWatchers());
            c.cpuMillisByThread().forEach(cell.putObject("jvmCpuMillisByThread")::put);
            if (c.firstError() != null) {
                cell.put("firstError", c.firstError());
            }
        }
        return json;
    }
}
