package io.rvlab.ch03.bench;

import io.rvlab.support.cli.OptionArgs;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@code ./course bench update}.
 *
 * @param seconds measured time of each cell
 * @param warmupSeconds how long each path (raw etcd, then the API server) runs before the first
 *        measured cell, so both JVMs have compiled what every cell runs and etcd has settled (not measured)
 * @param settleSeconds how long each cell runs before it is measured (connections open, queues fill)
 * @param clients the client counts to run, each on distinct objects and on one contended object
 * @param contentions which objects to run on: distinct ones, one contended one, or both
 * @param paths which paths to run ("raw etcd", "API server"): both, unless profiling one
 * @param out where the table, chart and JSON go
 * @param namespace the namespace of the benchmark's ConfigMaps (and the raw keys' prefix)
 * @param http the JDK HTTP client the load generator drives the API server with
 * @param server an API server that is already running, or null: the benchmark then starts the newest
 *        chapter's server in a JVM of its own
 */
public record BenchOptions(double seconds, double warmupSeconds, double settleSeconds, List<Integer> clients,
        List<Contention> contentions, List<String> paths, Path out, String namespace, LoadClient http, URI server) {

    public static final List<Integer> DEFAULT_CLIENTS = List.of(1, 16, 64);

    public static final String USAGE = """
            usage: ./course bench update [--seconds N] [--warmup N] [--quick] [--server URL] [--clients 1,16,64]
                                         [--objects distinct|contended|both] [--only raw|api]
                                         [--http urlconnection|jdk] [--out DIR]
              --seconds N    measured seconds per cell (default 10)
              --warmup N     seconds each path (raw etcd, the API server) runs before the measured cells,
                             so the JIT of both JVMs is done (default 10)
              --settle N     seconds each cell runs before it is measured (default 3)
              --quick        1 s measured after 0.5 s settling per cell, 4 s warm-up: what the build
                             captures for the docs (about 40 s in all)
              --server URL   measure this running API server (./course serve prints its URL) instead of
                             starting the newest chapter's server in a JVM of its own; set
                             RVLAB_ETCD_ENDPOINTS to that server's etcd so raw etcd runs on the same one
              --clients L    comma-separated client counts (default 1,16,64)
              --objects X    distinct (one ConfigMap per client), contended (all on one), or both (default)
              --only P       run one path only, raw (etcd) or api (server), to profile it; no ratio then
              --http C      the load generator's HTTP client: urlconnection (HttpURLConnection, the
                             default: less client CPU per request) or jdk (java.net.http)
              --out DIR      where update-table.txt, update-chart.svg and update-results.json go (default target/bench)
            environment:
              RVLAB_BENCH_SERVER_JVM_OPTS  extra options for the API server's JVM (split on spaces), e.g. a profile:
                             RVLAB_BENCH_SERVER_JVM_OPTS=-XX:StartFlightRecording=filename=/tmp/server.jfr,settings=profile \\
                               ./course bench update --only api --objects distinct --clients 64
                             then: jfr print --events jdk.ExecutionSample /tmp/server.jfr
            """;

    public BenchOptions {
        if (!(seconds > 0) || !(warmupSeconds >= 0) || !(settleSeconds >= 0)) {
            throw new IllegalArgumentException("--seconds must be above 0, --warmup and --settle at least 0");
        }
        clients = List.copyOf(clients);
        contentions = List.copyOf(contentions);
        paths = List.copyOf(paths);
        java.util.Objects.requireNonNull(http, "http");
        if (server != null && server.getScheme() == null) {
            throw new IllegalArgumentException("--server needs a URL such as http://127.0.0.1:8080");
        }
        if (contentions.isEmpty()) {
            throw new IllegalArgumentException("--objects must name distinct, contended or both");
        }
        if (clients.isEmpty() || clients.stream().anyMatch(n -> n < 1 || n > 1000)) {
            throw new IllegalArgumentException("--clients must list counts from 1 to 1000");
        }
    }

    public static BenchOptions defaults() {
        return new BenchOptions(10, 10, 3, DEFAULT_CLIENTS, List.of(Contention.values()),
                List.of(BenchRun.RAW, BenchRun.API), Path.of("target", "bench"), "rvlab-bench", LoadClient.DEFAULT, null);
    }

    /** @throws IllegalArgumentException for an unknown option or a bad value; the message says which */
    public static BenchOptions parse(String... args) {
        Double seconds = null;
        Double warmup = null;
        Double settle = null;
        URI server = null;
        boolean quick = false;
        List<Integer> clients = DEFAULT_CLIENTS;
        List<Contention> contentions = defaults().contentions();
        List<String> paths = defaults().paths();
        Path out = defaults().out();
        String namespace = defaults().namespace();
        LoadClient http = defaults().http();
        OptionArgs in = new OptionArgs(args);
        while (in.hasNext()) {
            String arg = in.next();
            switch (arg) {
                case "--quick" -> quick = true;
                case "--seconds" -> seconds = in.number(arg);
                case "--warmup" -> warmup = in.number(arg);
                case "--settle" -> settle = in.number(arg);
                case "--server" -> server = URI.create(in.value(arg).replaceAll("/+$", ""));
                case "--clients" -> {
                    List<Integer> list = new ArrayList<>();
                    for (String n : in.value(arg).split(",")) {
                        list.add((int) OptionArgs.number(arg, n.strip()));
                    }
                    clients = list;
                }
                case "--objects" -> contentions = switch (in.value(arg)) {
                    case "distinct" -> List.of(Contention.DISTINCT);
                    case "contended" -> List.of(Contention.CONTENDED);
                    case "both" -> List.of(Contention.values());
                    default -> throw new IllegalArgumentException("--objects: distinct, contended or both");
                };
                case "--only" -> paths = switch (in.value(arg)) {
                    case "raw" -> List.of(BenchRun.RAW);
                    case "api" -> List.of(BenchRun.API);
                    default -> throw new IllegalArgumentException("--only: raw or api");
                };
                case "--out" -> out = Path.of(in.value(arg));
                case "--namespace" -> namespace = in.value(arg);
                case "--http" -> http = LoadClient.fromOption(in.value(arg));
                default -> throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        return new BenchOptions(seconds != null ? seconds : quick ? 1 : 10, warmup != null ? warmup : quick ? 4 : 10,
                settle != null ? settle : quick ? 0.5 : 3, clients, contentions, paths, out, namespace, http, server);
    }
}
