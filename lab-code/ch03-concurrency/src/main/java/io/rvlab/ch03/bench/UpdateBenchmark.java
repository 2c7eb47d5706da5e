package io.rvlab.ch03.bench;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.CompactOption;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch03.server.ConcurrencyApiServer;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code ./course bench update}: how many optimistic-concurrency updates per second chapter 3's API
 * server sustains, next to raw etcd doing the same read-then-transaction loop, in one run on one
 * etcd. A benchmark, not a test: it asserts nothing about speed, it measures and reports.
 *
 * <p>Both paths share the one jetcd client (the server's storage uses it, the raw loops use it
 * directly), and the server runs in this JVM on loopback, so both pay for the same cores. Each path
 * first runs a JIT warm-up; then for each contention (distinct objects, one contended object) and
 * client count both paths run, each warmed up and then measured, in alternating order. On an etcd
 * this run started, the history is compacted before each cell so no cell inherits the last one's.
 */
public final class UpdateBenchmark {

    public static final String TABLE = "update-table.txt";
    public static final String CHART = "update-chart.svg";
    public static final String RESULTS = "update-results.json";

    private static final int JIT_WARMUP_CLIENTS = 16;
    /** Where the raw loops keep their keys: outside /registry/, where the API server never looks. */
    private static final String RAW_PREFIX = "/rvlab-bench/";

    private UpdateBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(BenchOptions.USAGE);
            System.exit(2);
            return;
        }
        BenchRun run;
        try (Etcd etcd = Etcd.start()) {
            // Compacting is ours to do only on the etcd we started; never on a learner's own.
            run = run(etcd, options, !etcd.isExternal(), System.err);
        }
        write(run, options.out());
        System.out.print(BenchTable.render(run));
        System.out.println("\nWritten: " + Stream.of(TABLE, CHART, RESULTS)
                .map(f -> options.out().resolve(f).toString()).toList());
        boolean errors = run.cells().stream().anyMatch(c -> c.errors() > 0);
        System.exit(errors ? 1 : 0); // gRPC and the HTTP client leave non-daemon threads behind
    }

    /** Runs every cell on {@code etcd}, printing progress to {@code progress}. */
    public static BenchRun run(Etcd etcd, BenchOptions options, boolean compact, PrintStream progress)
            throws Exception {
        Client client = etcd.client();
        String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        String version = etcdVersion(etcd);
        String where = etcd.isExternal() ? "external etcd at " + etcd.endpoints()
                : "fresh container " + EtcdSettings.load().image() + " at " + etcd.endpoints();
        String java = System.getProperty("java.vm.name") + " " + System.getProperty("java.version");
        int cores = Runtime.getRuntime().availableProcessors();
        progress.printf(Locale.ROOT, "[bench] etcd %s, %s; %d cores; %s s warm-up + %s s per cell; HTTP client %s%n",
                version, where, cores, BenchTable.seconds(options.warmupSeconds()), BenchTable.seconds(options.seconds()),
                options.http().label());

        List<CellResult> cells;
        try (ApiServer server = ConcurrencyApiServer.start(new EtcdUpdatableStorage(client), "127.0.0.1", 0)) {
            List<Updater> updaters = new ArrayList<>();
            for (Updater updater : List.of(
                    new RawEtcdUpdater(client, RAW_PREFIX + options.namespace() + "/", options.namespace()),
                    new ApiServerUpdater(server.url(), options.namespace(), options.http()))) {
                if (options.paths().contains(updater.name())) {
                    updaters.add(updater);
                }
            }
            int most = Math.max(JIT_WARMUP_CLIENTS, options.clients().stream().mapToInt(Integer::intValue).max()
                    .orElseThrow());
            List<String> objects = new ArrayList<>(Contention.DISTINCT.objectsFor(most));
            objects.addAll(Contention.CONTENDED.objectsFor(1));
            for (Updater updater : updaters) {
                updater.prepare(objects);
            }
            warmUpJit(updaters, options, progress);
            cells = runCells(updaters, options, compact ? client : null, progress);
        }
        return new BenchRun(version, where, cores, java, date, options.jitWarmupSeconds(), options.warmupSeconds(),
                options.seconds(), options.clients(), cells, options.http().label());
    }

    /**
     * The first cells should not pay for compiling what the later ones run compiled: each path runs
     * twice, in turn, so the JIT has time to finish with both.
     */
    private static void warmUpJit(List<Updater> updaters, BenchOptions options, PrintStream progress)
            throws InterruptedException {
        progress.printf(Locale.ROOT, "[bench] JIT warm-up: each path %s s with %d clients%n",
                BenchTable.seconds(options.jitWarmupSeconds()), JIT_WARMUP_CLIENTS);
        for (int round = 0; round < 2 && options.jitWarmupSeconds() > 0; round++) {
            for (Updater updater : updaters) {
                new CellRunner(options.jitWarmupSeconds() / 2, 0.01).run(updater, Contention.DISTINCT,
                        JIT_WARMUP_CLIENTS);
            }
        }
    }

    /** Every cell, both paths in each; {@code compactClient} compacts before each, unless null. */
    private static List<CellResult> runCells(List<Updater> updaters, BenchOptions options, Client compactClient,
            PrintStream progress) throws InterruptedException {
        List<CellResult> cells = new ArrayList<>();
        CellRunner runner = new CellRunner(options.warmupSeconds(), options.seconds());
        int cellNumber = 0;
        for (Contention contention : options.contentions()) {
            for (int clients : options.clients()) {
                // Alternate which path goes first, so neither always meets a fresher etcd.
                List<Updater> order = new ArrayList<>(updaters);
                if (cellNumber++ % 2 == 1) {
                    Collections.reverse(order);
                }
                for (Updater updater : order) {
                    if (compactClient != null) {
                        compact(compactClient);
                    }
                    CellResult cell = runner.run(updater, contention, clients);
                    cells.add(cell);
                    progress.printf(Locale.ROOT, "[bench] %-9s %2d clients  %-10s %9.1f updates/s %9.1f conflicts/s"
                            + "  p50 %s  p99 %s  JVM CPU %d us/attempt%s%n", contention.label(), clients, cell.path(),
                            cell.updatesPerSecond(), cell.conflictsPerSecond(), BenchTable.millis(cell.p50Micros()),
                            BenchTable.millis(cell.p99Micros()), cell.jvmCpuMicrosPerAttempt(),
                            cell.errors() > 0 ? "  ERRORS " + cell.errors() + ": " + cell.firstError() : "");
                }
            }
        }
        return cells;
    }

    /** Writes the table, the chart and the JSON results into {@code dir}. */
    public static void write(BenchRun run, Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(TABLE), BenchTable.render(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(CHART), BenchChart.render(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(RESULTS),
                Counter.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(run.toJson()) + "\n",
                StandardCharsets.UTF_8);
    }

    private static String etcdVersion(Etcd etcd) throws Exception {
        String first = etcd.endpoints().split(",")[0];
        return etcd.client().getMaintenanceClient().statusMember(first).get(30, TimeUnit.SECONDS).getVersion();
    }

    /** Drops all history below the current revision, and waits until etcd has freed it. */
    private static void compact(Client client) {
        long revision = Await.result(client.getKVClient().get(Bytes.bytes(RAW_PREFIX))).getHeader().getRevision();
        try {
            Await.result(client.getKVClient().compact(revision, CompactOption.newBuilder().withCompactPhysical(true).build()));
        } catch (RuntimeException e) {
            if (!String.valueOf(e.getMessage()).contains("compacted")) {
                throw e; // "already compacted" only means nothing was written since the last cell
            }
        }
    }
}
