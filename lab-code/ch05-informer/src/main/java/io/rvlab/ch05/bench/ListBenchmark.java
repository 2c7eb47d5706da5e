package io.rvlab.ch05.bench;

import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * {@code ./course bench list}: what it costs the API server and the client, in heap and in time,
 * to bring ten thousand ConfigMaps into an informer's store by (a) a paginated LIST then WATCH and
 * (b) one streaming watch-list. A benchmark, not a test: it measures and reports.
 *
 * <p>The objects go into a fresh etcd first. Then each cell starts the API server in a JVM of its
 * own and, once its watch cache holds them, the client in another JVM, both with the same -Xmx; each
 * child samples its own heap and reports it. The client reaches the server through a relay in this
 * JVM that counts the bytes it receives.
 */
public final class ListBenchmark {

    public static final String TABLE = "list-table.txt";
    public static final String CHART = "list-chart.svg";
    public static final String RESULTS = "list-results.json";

    /**
     * This JVM's etcd client idles for minutes while the children work; etcd then answers its
     * keepalive pings with a GOAWAY that gRPC logs as a warning and recovers from. Not news for a
     * learner reading the benchmark's output. Kept in a field: the JDK holds loggers weakly.
     */
    private static final List<Logger> QUIET = quiet("io.grpc.netty.NettyClientHandler", "io.grpc.internal.AtomicBackoff");

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(4);

    private ListBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        ListBenchOptions options;
        try {
            options = ListBenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(ListBenchOptions.USAGE);
            System.exit(2);
            return;
        }
        ListBenchRun run;
        try (Etcd etcd = Etcd.start()) {
            run = run(etcd, options, System.err);
        }
        write(run, options.out());
        System.out.print(ListBenchTable.render(run));
        System.out.println("\nWritten: " + Stream.of(TABLE, CHART, RESULTS)
                .map(f -> options.out().resolve(f).toString()).toList());
        System.exit(run.allOk() ? 0 : 1); // jetcd's threads would keep the JVM alive
    }

    private static List<Logger> quiet(String... names) {
        List<Logger> loggers = new ArrayList<>();
        for (String name : names) {
            Logger logger = Logger.getLogger(name);
            logger.setLevel(Level.SEVERE);
            loggers.add(logger);
        }
        return loggers;
    }

    /** Seeds {@code etcd} and runs every cell, printing progress to {@code progress}. */
    public static ListBenchRun run(Etcd etcd, ListBenchOptions options, PrintStream progress) throws Exception {
        String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        String version = etcd.client().getMaintenanceClient().statusMember(etcd.endpoints().split(",")[0])
                .get(30, TimeUnit.SECONDS).getVersion();
        String where = etcd.isExternal() ? "external etcd at " + etcd.endpoints()
                : "fresh container " + EtcdSettings.load().image();
        String java = System.getProperty("java.vm.name") + " " + System.getProperty("java.version");
        int cores = Runtime.getRuntime().availableProcessors();
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();

        long seedStart = System.nanoTime();
        long revision = ConfigMapSeeder.seed(etcd.client(), options.namespace(), options.objects(), options.dataBytes());
        double seedSeconds = (System.nanoTime() - seedStart) / 1e9;
        progress.printf(Locale.ROOT, "[bench] etcd %s, %s: %,d ConfigMaps of ~%d bytes written in %.1f s (revision %d)%n",
                version, where, options.objects(), options.dataBytes(), seedSeconds, revision);

        List<ListCellResult> cells = new ArrayList<>();
        for (int round = 1; round <= options.rounds(); round++) {
            List<SyncMode> order = new ArrayList<>(options.modes());
            if (round % 2 == 0) {
                Collections.reverse(order); // neither mode always runs on a machine the other just warmed
            }
            for (SyncMode mode : order) {
                long cellStart = System.nanoTime();
                ListCellResult cell = runCell(etcd, options, mode, round, revision);
                cells.add(cell);
                progress.printf(Locale.ROOT, "[bench] round %d %-10s synced %,d in %s; %d LIST + %d WATCH, %s received;"
                        + " server peak %s after GC (%s used), client peak %s after GC (%s used), store %s (MiB); cell %.1f s%s%n",
                        round, mode.option(), cell.client().items(), ListBenchTable.duration(cell.client().syncedMicros()),
                        cell.client().listRequests(), cell.client().watchRequests(), ListBenchTable.mib(cell.bytesReceived()),
                        ListBenchTable.mib(cell.server().afterGcPeak()), ListBenchTable.mib(cell.server().usedPeak()),
                        ListBenchTable.mib(cell.client().afterGcPeak()), ListBenchTable.mib(cell.client().usedPeak()),
                        ListBenchTable.mib(cell.client().store()), (System.nanoTime() - cellStart) / 1e9,
                        cell.client().error() == null ? "" : "  ERROR " + cell.client().error());
            }
        }
        return new ListBenchRun(version, where, cores, load, java, date, options, BenchServerMain.serverClass().getName(),
                options.client().description(), seedSeconds, cells);
    }

    // tag::cell[]
    /** A fresh server child, then a fresh client child through the counting relay; both report their heaps. */
    private static ListCellResult runCell(Etcd etcd, ListBenchOptions options, SyncMode mode, int round, long revision)
            throws Exception {
        Path logs = options.out().resolve("list-logs");
        String cell = "round" + round + "-" + mode.option();
        Map<String, String> env = Map.of();
        // The client's JVM starts alongside the server's and waits, so its start-up is not the cell's.
        try (ChildJvm server = ChildJvm.start("server", BenchServerMain.class, options.xmx(), env,
                        logs.resolve(cell + "-server.log"), etcd.endpoints(), Long.toString(revision));
                ChildJvm client = ChildJvm.start("client", BenchClientMain.class, options.xmx(), env,
                        logs.resolve(cell + "-client.log"), "/api/v1/namespaces/" + options.namespace() + "/configmaps",
                        mode.option(), Long.toString(options.pageSize()), options.client().option())) {
            ChildProtocol.Message ready = server.await("ready", READY_TIMEOUT);
            try (CountingProxy relay = new CountingProxy(URI.create(ready.body().path("url").asText()))) {
                client.tell("sync " + relay.url());
                ChildProtocol.Message synced = client.await("synced", SYNC_TIMEOUT);
                server.tell("report");
                ChildProtocol.Message report = server.await("report", READY_TIMEOUT);
                return new ListCellResult(mode, round, ListCellResult.Server.from(report.body()),
                        ListCellResult.Client.from(synced.body()), relay.bytesToClient());
            }
        }
    }
    // end::cell[]

    /** Writes the table, the chart and the JSON results into {@code dir}. */
    public static void write(ListBenchRun run, Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(TABLE), ListBenchTable.render(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(CHART), ListBenchChart.render(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(RESULTS),
                ChildProtocol.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(run.toJson()) + "\n",
                StandardCharsets.UTF_8);
    }
}
