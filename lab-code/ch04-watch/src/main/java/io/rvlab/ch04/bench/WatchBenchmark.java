package io.rvlab.ch04.bench;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch03.bench.ApiServerProcess;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * {@code ./course bench watch}: how fast the writes of one writer at a fixed rate reach N watchers
 * (1, 100, 1000), through the newest API server's watch (its watch cache, chunked HTTP) and as N
 * direct etcd watches, and whether the writer keeps its rate meanwhile. Then the row set with its own
 * targets: 1,000 watchers and one writer at 20 writes/s for 10 s. A benchmark, not a test: it
 * measures and reports.
 *
 * <p>The API server runs as users run it: {@code ./course serve}'s main class in a JVM of its own
 * ({@link ApiServerProcess}), over the benchmark's etcd, or one already running ({@code --server}).
 * The writer and every watcher run in this JVM, so a delivery's latency (a watcher parsed the event,
 * minus the moment the writer sent the write) is read off one clock. The writer PUTs through the API
 * server in both modes; the watchers of a cell open their watches from the resourceVersion of the
 * writer's setup, then the writer settles and runs its measured window; after it the watchers get a
 * drain period to receive what the window's writes produced, and are closed before the next cell.
 */
public final class WatchBenchmark {

    public static final String TABLE = "watch-table.txt";
    public static final String CHART = "watch-chart.svg";
    public static final String RESULTS = "watch-results.json";

    private static final int WARMUP_WATCHERS = 100;

    private WatchBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        WatchBenchOptions options;
        try {
            options = WatchBenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(WatchBenchOptions.USAGE);
            System.exit(2);
            return;
        }
        if (options.server() != null && System.getenv("RVLAB_ETCD_ENDPOINTS") == null) {
            System.err.println("[bench] --server without RVLAB_ETCD_ENDPOINTS: the direct watches watch an etcd of"
                    + " their own, not the server's; set it to the etcd that server uses (./course serve prints it)");
        }
        WatchBenchRun run;
        try (Etcd etcd = Etcd.start()) {
            run = run(etcd, options, System.err);
        }
        write(run, options.out());
        System.out.print(WatchBenchTable.render(run));
        System.out.println("\nWritten: " + Stream.of(TABLE, CHART, RESULTS)
                .map(f -> options.out().resolve(f).toString()).toList());
        boolean errors = Stream.concat(run.cells().stream(), run.sustained().stream())
                .anyMatch(c -> c.writeErrors() > 0 || c.failedWatchers() > 0);
        System.exit(errors ? 1 : 0); // gRPC and the HTTP clients leave non-daemon threads behind
    }

    /** One cell: which watchers, how many, and the writer's schedule. */
    record Plan(WatchMode mode, int watchers, double rate, double settleSeconds, double seconds, double drainSeconds) {
    }

    /** Runs every cell on {@code etcd}, printing progress to {@code progress}. */
    public static WatchBenchRun run(Etcd etcd, WatchBenchOptions options, PrintStream progress) throws Exception {
        String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        String version = etcd.client().getMaintenanceClient().statusMember(etcd.endpoints().split(",")[0])
                .get(30, TimeUnit.SECONDS).getVersion();
        String where = etcd.isExternal() ? "external etcd at " + etcd.endpoints()
                : "fresh container " + EtcdSettings.load().image() + " at " + etcd.endpoints();
        String java = System.getProperty("java.vm.name") + " " + System.getProperty("java.version");
        int cores = Runtime.getRuntime().availableProcessors();
        EtcdWatchCount etcdWatches = new EtcdWatchCount(etcd.endpoints());
        List<WatchCellResult> cells = new ArrayList<>();
        List<WatchCellResult> sustained = new ArrayList<>();
        String described;
        try (ApiServerProcess server = options.server() != null ? ApiServerProcess.attach(options.server())
                : ApiServerProcess.start(ApiServerProcess.newestServerMain(), etcd.endpoints(),
                        options.out().resolve("watch-apiserver.log"))) {
            described = server.description();
            progress.printf(Locale.ROOT, "[bench] etcd %s, %s; %d cores; API server: %s; writer %s writes/s;"
                    + " %s s warm-up per mode, then %s s settling + %s s measured per cell%n", version, where, cores,
                    described, WatchBenchTable.seconds(options.rate()), WatchBenchTable.seconds(options.warmupSeconds()),
                    WatchBenchTable.seconds(options.settleSeconds()), WatchBenchTable.seconds(options.seconds()));
            Bench bench = new Bench(server, etcd.client(), etcdWatches, options);
            if (options.warmupSeconds() > 0) {
                int watchers = Math.min(WARMUP_WATCHERS, options.watchers().stream().mapToInt(n -> n).max().orElse(1));
                progress.printf(Locale.ROOT, "[bench] warm-up: each mode %s s with %d watchers (not measured)%n",
                        WatchBenchTable.seconds(options.warmupSeconds()), watchers);
                for (WatchMode mode : options.modes()) {
                    bench.runCell(new Plan(mode, watchers, options.rate(), 0, options.warmupSeconds(), 1));
                }
            }
            int cellNumber = 0;
            for (int watchers : options.watchers()) {
                List<WatchMode> order = new ArrayList<>(options.modes());
                if (cellNumber++ % 2 == 1) {
                    Collections.reverse(order); // neither mode always meets a fresher etcd
                }
                for (WatchMode mode : order) {
                    WatchCellResult cell = bench.runCell(new Plan(mode, watchers, options.rate(),
                            options.settleSeconds(), options.seconds(), options.drainSeconds()));
                    cells.add(cell);
                    report(progress, cell);
                }
            }
            WatchBenchOptions.Sustained rows = options.sustained();
            if (rows != null) {
                for (WatchMode mode : rows.modes()) {
                    WatchCellResult cell = bench.runCell(new Plan(mode, rows.watchers(), rows.rate(),
                            options.settleSeconds(), rows.seconds(), Math.max(options.drainSeconds(), 5)));
                    sustained.add(cell);
                    report(progress, cell);
                }
            }
        }
        List<Integer> counts = options.watchers().stream().distinct().toList();
        return new WatchBenchRun(version, where, cores, java, date, described, options.warmupSeconds(),
                options.settleSeconds(), options.seconds(), options.rate(), counts, cells, options.sustained(), sustained);
    }

    private static void report(PrintStream progress, WatchCellResult cell) {
        progress.printf(Locale.ROOT, "[bench] %-11s %4d watchers  writes %d/%d acked (%s/s target)  %9.0f events/s"
                + "  missing %d  p50 %s  p99 %s  max %s  etcd watches %d  (PUT p50 %s)%s%n", cell.mode().label(),
                cell.watchers(), cell.writesAcknowledged(), cell.writesTarget(), WatchBenchTable.seconds(cell.targetRate()),
                cell.eventsPerSecond(), cell.eventsMissing(), WatchBenchTable.millis(cell.p50Micros()),
                WatchBenchTable.millis(cell.p99Micros()), WatchBenchTable.millis(cell.maxMicros()), cell.etcdWatches(),
                WatchBenchTable.millis(cell.p50WriteMicros()),
                cell.firstError() == null ? "" : "  ERROR " + cell.firstError());
        progress.printf(Locale.ROOT, "[bench]   CPU in %s s: API server's JVM %s ms; this JVM %d ms: %s%n",
                WatchBenchTable.seconds(cell.seconds()),
                cell.serverCpuNanos() < 0 ? "?" : Long.toString(cell.serverCpuNanos() / 1_000_000),
                cell.jvmCpuNanos() / 1_000_000, cell.cpuMillisByThread());
    }

    /** What every cell shares: the server, the etcd client of the direct watchers, etcd's watch count. */
    private record Bench(ApiServerProcess server, Client etcd, EtcdWatchCount etcdWatches, WatchBenchOptions options) {

        // tag::cell[]
        WatchCellResult runCell(Plan plan) throws Exception {
            AckLog acks = new AckLog();
            FixedRateWriter writer = new FixedRateWriter(server.url(), options.namespace(), options.objects(),
                    plan.rate(), acks);
            long from = writer.prepare(); // the watchers start after the setup's writes
            try (Watchers watchers = watch(plan.mode(), from, plan.watchers())) {
                long measureFrom = System.nanoTime() + (long) (plan.settleSeconds() * 1e9);
                long measureTo = measureFrom + (long) (plan.seconds() * 1e9);
                AtomicReference<FixedRateWriter.Result> written = new AtomicReference<>();
                AtomicReference<Exception> failure = new AtomicReference<>();
                Thread writing = new Thread(() -> {
                    try {
                        written.set(writer.run(measureFrom, measureTo));
                    } catch (Exception e) {
                        failure.set(e);
                    }
                }, "bench-writer");
                writing.start();
                long cpuFrom = cpuAt(measureFrom);
                long serverFrom = server.cpuNanos().orElse(-1);
                ThreadCpu threads = ThreadCpu.snapshot();
                int heldWatches = watchers.etcdWatches();
                long cpuTo = cpuAt(measureTo);
                long serverTo = server.cpuNanos().orElse(-1);
                Map<String, Long> byThread = threads.sinceMillis();
                writing.join();
                if (failure.get() != null) {
                    throw failure.get();
                }
                FixedRateWriter.Result w = written.get();
                drain(watchers, w.newestResourceVersion(), plan.drainSeconds());
                Deliveries d = Deliveries.count(watchers.logs(), acks, measureFrom, measureTo, w.acknowledged());
                return new WatchCellResult(plan.mode(), plan.watchers(), plan.seconds(), w.target(), w.sent(),
                        w.acknowledged(), w.errors(), d.delivered(), d.expected(), d.missing(), d.percentileMicros(50),
                        d.percentileMicros(99), d.maxMicros(), heldWatches, w.p50WriteMicros(), w.p99WriteMicros(),
                        cpuTo - cpuFrom, serverFrom < 0 || serverTo < 0 ? -1 : serverTo - serverFrom, byThread,
                        d.failedWatchers(), d.firstError() != null ? d.firstError() : w.firstError());
            }
        }
        // end::cell[]

        private Watchers watch(WatchMode mode, long from, int count) throws InterruptedException {
            return switch (mode) {
                // Every watcher an etcd watch of its own, from this JVM's jetcd client.
                case DIRECT -> new EtcdWatchers(etcd, Keys.collection("configmaps", options.namespace()), from, count,
                        etcdWatches::now);
                // Every watcher a Kubernetes watch of the API server (a watch from a resourceVersion its
                // cache has not reached yet waits for it, as kube-apiserver's does).
                case CACHE -> new HttpWatchers(URI.create(server.url() + "/api/v1/namespaces/" + options.namespace()
                        + "/configmaps"), from, count, etcdWatches::now);
            };
        }
    }

    /** Waits until every watcher has the newest write, or the drain time is up. */
    private static void drain(Watchers watchers, long newest, double seconds) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < deadline
                && watchers.logs().stream().anyMatch(l -> l.newest() < newest && l.error() == null)) {
            Thread.sleep(20);
        }
    }

    /** Sleeps until {@code nanoTime} and returns the CPU time this JVM has used so far. */
    private static long cpuAt(long nanoTime) throws InterruptedException {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Writes the table, the chart and the JSON results into {@code dir}. */
    public static void write(WatchBenchRun run, Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(TABLE), WatchBenchTable.render(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(CHART), WatchBenchChart.render(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(RESULTS),
                FixedRateWriter.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(run.toJson()) + "\n",
                StandardCharsets.UTF_8);
    }

}
