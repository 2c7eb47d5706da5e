package io.rvlab.ch03.bench;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.CompactOption;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
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
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * {@code ./course bench update}: how many optimistic-concurrency updates per second the newest API
 * server sustains, next to raw etcd doing the same read-then-transaction loop, in one run on one
 * etcd. A benchmark, not a test: it asserts nothing about speed, it measures and reports.
 *
 * <p>The server runs as users run it: {@code ./course serve}'s main class in a JVM of its own
 * ({@link ApiServerProcess}), or one already running ({@code --server URL}). The load clients of both
 * paths run in this JVM, with the same client counts: the raw loops on this JVM's jetcd client, the
 * API server's clients over HTTP on loopback. Each path first runs a warm-up, so both JVMs have
 * compiled their code; then for each contention (distinct objects, one contended object) and client
 * count both paths run, each settled and then measured, in alternating order. On an etcd this run
 * started, the history is compacted before each cell so no cell inherits the last one's.
 */
public final class UpdateBenchmark {

    public static final String TABLE = "update-table.txt";
    public static final String CHART = "update-chart.svg";
    public static final String RESULTS = "update-results.json";

    private static final int WARMUP_CLIENTS = 16;
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
        if (options.server() != null && System.getenv("RVLAB_ETCD_ENDPOINTS") == null) {
            System.err.println("[bench] --server without RVLAB_ETCD_ENDPOINTS: raw etcd runs on an etcd of its own,"
                    + " not the server's; set it to the etcd that server uses (./course serve prints it)");
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

        List<CellResult> cells;
        String described;
        try (ApiServerProcess server = options.server() != null ? ApiServerProcess.attach(options.server())
                : ApiServerProcess.start(ApiServerProcess.newestServerMain(), etcd.endpoints(),
                        options.out().resolve("update-apiserver.log"))) {
            described = server.description();
            progress.printf(Locale.ROOT, "[bench] etcd %s, %s; %d cores; API server: %s; %s s warm-up per path,"
                    + " then %s s settling + %s s measured per cell; HTTP client %s%n", version, where, cores, described,
                    BenchTable.seconds(options.warmupSeconds()), BenchTable.seconds(options.settleSeconds()),
                    BenchTable.seconds(options.seconds()), options.http().label());
            List<Updater> updaters = new ArrayList<>();
            for (Updater updater : List.of(
                    new RawEtcdUpdater(client, RAW_PREFIX + options.namespace() + "/", options.namespace()),
                    new ApiServerUpdater(server.url(), options.namespace(), options.http()))) {
                if (options.paths().contains(updater.name())) {
                    updaters.add(updater);
                }
            }
            int most = Math.max(WARMUP_CLIENTS, options.clients().stream().mapToInt(Integer::intValue).max()
                    .orElseThrow());
            List<String> objects = new ArrayList<>(Contention.DISTINCT.objectsFor(most));
            objects.addAll(Contention.CONTENDED.objectsFor(1));
            for (Updater updater : updaters) {
                updater.prepare(objects);
            }
            LongSupplier serverCpu = () -> server.cpuNanos().orElse(-1);
            warmUp(updaters, options, serverCpu, progress);
            cells = runCells(updaters, options, serverCpu, compact ? client : null, progress);
        }
        return new BenchRun(version, where, cores, java, date, described, options.warmupSeconds(),
                options.settleSeconds(), options.seconds(), options.clients(), cells, options.http().label());
    }

    /**
     * The first cells should not pay for compiling what the later ones run compiled, in this JVM or
     * the server's: each path runs twice, in turn, so both JITs have time to finish.
     */
    private static void warmUp(List<Updater> updaters, BenchOptions options, LongSupplier serverCpu,
            PrintStream progress) throws InterruptedException {
        progress.printf(Locale.ROOT, "[bench] warm-up: each path %s s with %d clients (not measured)%n",
                BenchTable.seconds(options.warmupSeconds()), WARMUP_CLIENTS);
        for (int round = 0; round < 2 && options.warmupSeconds() > 0; round++) {
            for (Updater updater : updaters) {
                new CellRunner(options.warmupSeconds() / 2, 0.01, serverCpu).run(updater, Contention.DISTINCT,
                        WARMUP_CLIENTS);
            }
        }
    }

    /** Every cell, both paths in each; {@code compactClient} compacts before each, unless null. */
    private static List<CellResult> runCells(List<Updater> updaters, BenchOptions options, LongSupplier serverCpu,
            Client compactClient, PrintStream progress) throws InterruptedException {
        List<CellResult> cells = new ArrayList<>();
        CellRunner runner = new CellRunner(options.settleSeconds(), options.seconds(), serverCpu);
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
                            + "  p50 %s  p99 %s  client CPU %d us/attempt%s%n", contention.label(), clients, cell.path(),
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
