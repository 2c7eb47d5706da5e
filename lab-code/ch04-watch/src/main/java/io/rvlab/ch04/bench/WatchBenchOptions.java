package io.rvlab.ch04.bench;

import io.rvlab.support.cli.OptionArgs;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The command line of {@code ./course bench watch}.
 *
 * @param seconds measured time of each cell
 * @param warmupSeconds how long each mode runs, unmeasured, before the first cell, so this JVM and
 *        the API server's have compiled what every cell runs
 * @param settleSeconds how long the writer runs in each cell, watchers connected, before it is measured
 * @param drainSeconds after the measured window, at most this long for the watchers to receive the
 *        events of the writes acknowledged in it (a late event still counts, with its latency)
 * @param rate the writer's target, in writes per second
 * @param watchers the watcher counts to run
 * @param modes which modes to run: through the API server's watch, as direct etcd watches, or both
 * @param out where the table, chart and JSON go
 * @param namespace the namespace of the ConfigMaps the writer updates
 * @param objects how many ConfigMaps the writer updates, in turn
 * @param server an API server that is already running, or null: the benchmark then starts the newest
 *        chapter's server in a JVM of its own
 * @param sustained the row set with its own targets (1,000 watchers, 20 writes/s for 10 s), or null to leave it out
 */
public record WatchBenchOptions(double seconds, double warmupSeconds, double settleSeconds, double drainSeconds,
        double rate, List<Integer> watchers, List<WatchMode> modes, Path out, String namespace, int objects, URI server,
        Sustained sustained) {

    public static final List<Integer> DEFAULT_WATCHERS = List.of(1, 100, 1000);
    public static final double DEFAULT_RATE = 200;

    /**
     * The row set "1,000 watchers, one writer at 20 writes/s for 10 s", judged on its own: the writer
     * completes its writes, every watcher sees every one of them, quickly.
     *
     * @param watchers how many watchers
     * @param rate the writer's rate, writes per second
     * @param seconds how long the writer writes (measured from its first write)
     * @param modes which modes run it
     */
    public record Sustained(int watchers, double rate, double seconds, List<WatchMode> modes) {

        public static final Sustained DEFAULT = new Sustained(1000, 20, 10, List.of(WatchMode.values()));

        public Sustained {
            modes = List.copyOf(modes);
        }

        /** The writes the writer should complete: 200 for 10 s at 20/s. */
        public long writes() {
            return Math.round(rate * seconds);
        }
    }

    public static final String USAGE = """
            usage: ./course bench watch [--seconds N] [--warmup N] [--quick] [--server URL] [--rate W]
                                        [--watchers 1,100,1000] [--modes cache|direct|both] [--no-sustained] [--out DIR]
              --seconds N    measured seconds per cell (default 10)
              --warmup N     seconds each mode runs, with 100 watchers, before the measured cells, so the JIT
                             of this JVM and the API server's is done (default 10)
              --settle N     seconds the writer runs in each cell before it is measured (default 3)
              --quick        2 s measured after 0.5 s settling per cell, 2 s warm-up, and the 1,000-watcher
                             row set through the API server only: what the build captures for the docs
              --server URL   measure this running API server (./course serve prints its URL) instead of
                             starting the newest chapter's server in a JVM of its own; set
                             RVLAB_ETCD_ENDPOINTS to that server's etcd so the direct watches use the same one
              --rate W       the writer's target rate, writes per second (default 200)
              --watchers L   comma-separated watcher counts (default 1,100,1000)
              --modes M      cache (HTTP watch streams of the API server, served from its watch cache),
                             direct (one etcd watch per watcher), or both (default)
              --no-sustained leave out the row set "1,000 watchers, one writer at 20 writes/s for 10 s"
              --out DIR      where watch-table.txt, watch-chart.svg and watch-results.json go (default target/bench)
            """;

    public WatchBenchOptions {
        if (!(seconds > 0) || !(warmupSeconds >= 0) || !(settleSeconds >= 0) || !(drainSeconds >= 0)) {
            throw new IllegalArgumentException("--seconds must be above 0, --warmup and --settle at least 0");
        }
        if (!(rate > 0) || rate > 10_000) {
            throw new IllegalArgumentException("--rate must be above 0 and at most 10000 writes/s");
        }
        watchers = List.copyOf(watchers);
        modes = List.copyOf(modes);
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(namespace, "namespace");
        if (modes.isEmpty()) {
            throw new IllegalArgumentException("--modes must name cache, direct or both");
        }
        if (watchers.isEmpty() || watchers.stream().anyMatch(n -> n < 1 || n > 5000)) {
            throw new IllegalArgumentException("--watchers must list counts from 1 to 5000");
        }
        if (objects < 1) {
            throw new IllegalArgumentException("objects must be at least 1");
        }
        if (server != null && server.getScheme() == null) {
            throw new IllegalArgumentException("--server needs a URL such as http://127.0.0.1:8080");
        }
    }

    public static WatchBenchOptions defaults() {
        return new WatchBenchOptions(10, 10, 3, 10, DEFAULT_RATE, DEFAULT_WATCHERS, List.of(WatchMode.values()),
                Path.of("target", "bench"), "rvlab-bench-watch", 10, null, Sustained.DEFAULT);
    }

    /** @throws IllegalArgumentException for an unknown option or a bad value; the message says which */
    public static WatchBenchOptions parse(String... args) {
        WatchBenchOptions d = defaults();
        Double seconds = null;
        Double warmup = null;
        Double settle = null;
        boolean quick = false;
        boolean sustained = true;
        double rate = d.rate();
        List<Integer> watchers = d.watchers();
        List<WatchMode> modes = d.modes();
        Path out = d.out();
        String namespace = d.namespace();
        URI server = null;
        OptionArgs in = new OptionArgs(args);
        while (in.hasNext()) {
            String arg = in.next();
            switch (arg) {
                case "--quick" -> quick = true;
                case "--seconds" -> seconds = in.number(arg);
                case "--warmup" -> warmup = in.number(arg);
                case "--settle" -> settle = in.number(arg);
                case "--rate" -> rate = in.number(arg);
                case "--server" -> server = URI.create(in.value(arg).replaceAll("/+$", ""));
                case "--no-sustained" -> sustained = false;
                case "--watchers" -> {
                    List<Integer> list = new ArrayList<>();
                    for (String n : in.value(arg).split(",")) {
                        double count = OptionArgs.number(arg, n.strip());
                        if (count != Math.rint(count)) {
                            throw new IllegalArgumentException(arg + ": not a whole number: " + n.strip());
                        }
                        list.add((int) count);
                    }
                    watchers = list;
                }
                case "--modes" -> {
                    String mode = in.value(arg);
                    modes = mode.equals("both") ? List.of(WatchMode.values()) : List.of(WatchMode.fromOption(mode));
                }
                case "--out" -> out = Path.of(in.value(arg));
                case "--namespace" -> namespace = in.value(arg);
                default -> throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        // --quick keeps the row set whole (10 s, so its 200 writes and targets mean the same) but runs
        // it through the API server only: the direct etcd rows are the comparison, not the claim.
        List<WatchMode> sustainedModes = quick ? modes.stream().filter(m -> m == WatchMode.CACHE).toList() : modes;
        Sustained rows = sustained && !sustainedModes.isEmpty()
                ? new Sustained(Sustained.DEFAULT.watchers(), Sustained.DEFAULT.rate(), Sustained.DEFAULT.seconds(),
                        sustainedModes)
                : null;
        return new WatchBenchOptions(seconds != null ? seconds : quick ? 2 : 10, warmup != null ? warmup : quick ? 2 : 10,
                settle != null ? settle : quick ? 0.5 : 3, quick ? 5 : d.drainSeconds(), rate, watchers, modes, out,
                namespace, d.objects(), server, rows);
    }
}
