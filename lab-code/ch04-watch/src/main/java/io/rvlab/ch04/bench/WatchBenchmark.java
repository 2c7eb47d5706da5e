package io.rvlab.ch04.bench;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch03.server.ConcurrencyApiServer;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
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
 * (1, 100, 1000), through the API server's watch cache and as N direct etcd watches, and whether the
 * writer keeps its rate meanwhile. A benchmark, not a test: it measures and reports.
 *
 * <p>Each cell starts an API server of its own on loopback in this JVM (for the cache mode the
 * chapter's watching server, for the direct mode chapter 3's server, which has no watch cache), so
 * no cell pays for another's watchers. The writer PUTs ConfigMaps through that server over HTTP in
 * both modes; the watchers open their watches from the resourceVersion of the writer's setup, then
 * the writer runs its warm-up and its measured window; after the window the watchers get a drain
 * period to receive what the window's writes produced.
 */
public final class WatchBenchmark {

    public static final String TABLE = "watch-table.txt";
    public static final String CHART = "watch-chart.svg";
    public static final String RESULTS = "watch-results.json";

    private static final int JIT_WARMUP_WATCHERS = 100;

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
        WatchBenchRun run;
        try (Etcd etcd = Etcd.start()) {
            run = run(etcd, options, System.err);
        }
        write(run, options.out());
        System.out.print(WatchBenchTable.render(run));
        System.out.println("\nWritten: " + Stream.of(TABLE, CHART, RESULTS)
                .map(f -> options.out().resolve(f).toString()).toList());
        boolean errors = run.cells().stream().anyMatch(c -> c.writeErrors() > 0 || c.failedWatchers() > 0);
        System.exit(errors ? 1 : 0); // gRPC and the HTTP clients leave non-daemon threads behind
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
        progress.printf(Locale.ROOT, "[bench] etcd %s, %s; %d cores; writer %s writes/s; %s s warm-up + %s s per cell%n",
                version, where, cores, WatchBenchTable.seconds(options.rate()),
                WatchBenchTable.seconds(options.warmupSeconds()), WatchBenchTable.seconds(options.seconds()));
        List<WatchCellResult> cells = new ArrayList<>();
        // The direct watchers get a jetcd client of their own, apart from the server's.
        try (Client watchClient = etcd.newClient()) {
            if (options.jitWarmupSeconds() > 0) {
                int watchers = Math.min(JIT_WARMUP_WATCHERS, options.watchers().stream().mapToInt(n -> n).max().orElse(1));
                progress.printf(Locale.ROOT, "[bench] JIT warm-up: each mode %s s with %d watchers%n",
                        WatchBenchTable.seconds(options.jitWarmupSeconds()), watchers);
                WatchBenchOptions jit = new WatchBenchOptions(options.jitWarmupSeconds(), 0, 0, 1, options.rate(),
                        List.of(watchers), options.modes(), options.out(), options.namespace(), options.objects());
                for (WatchMode mode : options.modes()) {
                    runCell(etcd.client(), watchClient, jit, mode, watchers); // not measured: compiled code afterwards
                }
            }
            int cellNumber = 0;
            for (int watchers : options.watchers()) {
                List<WatchMode> order = new ArrayList<>(options.modes());
                if (cellNumber++ % 2 == 1) {
                    Collections.reverse(order); // neither mode always meets a fresher etcd
                }
                for (WatchMode mode : order) {
                    WatchCellResult cell = runCell(etcd.client(), watchClient, options, mode, watchers);
                    cells.add(cell);
                    progress.printf(Locale.ROOT, "[bench] %-11s %4d watchers  writes %.1f/%.1f/s acked  %9.0f events/s"
                            + "  missing %d  p50 %s  p99 %s  max %s  etcd watches %d  (PUT p50 %s)%s%n", mode.label(),
                            watchers, cell.writesAcknowledgedPerSecond(), cell.targetRate(), cell.eventsPerSecond(),
                            cell.eventsMissing(), WatchBenchTable.millis(cell.p50Micros()),
                            WatchBenchTable.millis(cell.p99Micros()), WatchBenchTable.millis(cell.maxMicros()),
                            cell.etcdWatches(), WatchBenchTable.millis(cell.p50WriteMicros()),
                            cell.firstError() == null ? "" : "  ERROR " + cell.firstError());
                    progress.printf(Locale.ROOT, "[bench]   JVM CPU %d ms in %s s: %s%n", cell.jvmCpuNanos() / 1_000_000,
                            WatchBenchTable.seconds(cell.seconds()), cell.cpuMillisByThread());
                }
            }
        }
        List<Integer> counts = options.watchers().stream().distinct().toList();
        return new WatchBenchRun(version, where, cores, java, date, options.jitWarmupSeconds(), options.warmupSeconds(),
                options.seconds(),
                options.rate(), counts, cells);
    }

    // tag::cell[]
    private static WatchCellResult runCell(Client client, Client watchClient, WatchBenchOptions options, WatchMode mode,
            int count) throws Exception {
        try (ServerUnderBench server = ServerUnderBench.start(mode, client, watchClient)) {
            AckLog acks = new AckLog();
            FixedRateWriter writer = new FixedRateWriter(server.url(), options.namespace(), options.objects(),
                    options.rate(), acks);
            long from = writer.prepare(); // the watchers start after the setup's writes
            try (Watchers watchers = server.watch(options.namespace(), from, count)) {
                long measureFrom = System.nanoTime() + (long) (options.warmupSeconds() * 1e9);
                long measureTo = measureFrom + (long) (options.seconds() * 1e9);
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
                ThreadCpu threads = ThreadCpu.snapshot();
                int etcdWatches = watchers.etcdWatches();
                long cpuTo = cpuAt(measureTo);
                Map<String, Long> byThread = threads.sinceMillis();
                writing.join();
                if (failure.get() != null) {
                    throw failure.get();
                }
                FixedRateWriter.Result w = written.get();
                drain(watchers, w.newestResourceVersion(), options.drainSeconds());
                Deliveries d = Deliveries.count(watchers.logs(), acks, measureFrom, measureTo, w.acknowledged());
                return new WatchCellResult(mode, count, options.seconds(), w.target(), w.sent(), w.acknowledged(),
                        w.errors(), d.delivered(), d.expected(), d.missing(), d.percentileMicros(50),
                        d.percentileMicros(99), d.maxMicros(), etcdWatches, w.p50WriteMicros(), w.p99WriteMicros(), cpuTo - cpuFrom, byThread,
                        d.failedWatchers(), d.firstError() != null ? d.firstError() : w.firstError());
            }
        }
    }
    // end::cell[]

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

    /** One cell's API server and how its watchers watch. */
    private interface ServerUnderBench extends AutoCloseable {

        URI url();

        Watchers watch(String namespace, long fromResourceVersion, int count) throws Exception;

        @Override
        void close();

        static ServerUnderBench start(WatchMode mode, Client client, Client watchClient) {
            return switch (mode) {
                case DIRECT -> {
                    // Chapter 3's server: no watch cache, so nothing watches etcd but the watchers.
                    ApiServer server = ConcurrencyApiServer.start(new EtcdUpdatableStorage(client), "127.0.0.1", 0);
                    yield new ServerUnderBench() {
                        public URI url() {
                            return server.url();
                        }

                        public Watchers watch(String namespace, long from, int count) {
                            return new EtcdWatchers(watchClient, Keys.collection("configmaps", namespace), from, count);
                        }

                        public void close() {
                            server.close();
                        }
                    };
                }
                case CACHE -> {
                    // The chapter's server: one watch cache (one etcd watch) per served resource.
                    WatchApiServer server = WatchApiServer.start(client, "127.0.0.1", 0, WatchCache.Options.DEFAULT);
                    yield new ServerUnderBench() {
                        public URI url() {
                            return server.url();
                        }

                        public Watchers watch(String namespace, long from, int count) throws InterruptedException {
                            WatchCache cache = server.cache(ResourceTypes.CONFIGMAPS);
                            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                            while (cache.resourceVersion() < from && System.nanoTime() < deadline) {
                                Thread.sleep(5); // the cache has not seen the setup's writes yet
                            }
                            return new HttpWatchers(URI.create(server.url() + "/api/v1/namespaces/" + namespace
                                    + "/configmaps"), from, count, server::etcdWatches);
                        }

                        public void close() {
                            server.close();
                        }
                    };
                }
            };
        }
    }
}
