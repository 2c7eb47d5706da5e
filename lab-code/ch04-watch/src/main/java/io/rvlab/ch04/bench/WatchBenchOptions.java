package io.rvlab.ch04.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The command line of {@code ./course bench watch}.
 *
 * @param seconds measured time of each cell
 * @param warmupSeconds how long the writer runs in each cell, watchers connected, before it is measured
 * @param jitWarmupSeconds how long each mode runs once, unmeasured, before the first cell, so the JIT
 *        has compiled what every cell runs
 * @param drainSeconds after the measured window, at most this long for the watchers to receive the
 *        events of the writes acknowledged in it (a late event still counts, with its latency)
 * @param rate the writer's target, in writes per second
 * @param watchers the watcher counts to run
 * @param modes which modes to run: through the watch cache, as direct etcd watches, or both
 * @param out where the table, chart and JSON go
 * @param namespace the namespace of the ConfigMaps the writer updates
 * @param objects how many ConfigMaps the writer updates, in turn
 */
public record WatchBenchOptions(double seconds, double warmupSeconds, double jitWarmupSeconds, double drainSeconds, double rate,
        List<Integer> watchers, List<WatchMode> modes, Path out, String namespace, int objects) {

    public static final List<Integer> DEFAULT_WATCHERS = List.of(1, 100, 1000);
    public static final double DEFAULT_RATE = 200;

    public static final String USAGE = """
            usage: ./course bench watch [--seconds N] [--warmup N] [--quick] [--rate W] [--watchers 1,100,1000]
                                        [--modes cache|direct|both] [--out DIR]
              --seconds N    measured seconds per cell (default 10)
              --warmup N     seconds the writer runs before each cell is measured (default 3)
              --jit-warmup N seconds each mode runs once, with 100 watchers, before the first cell (default 6)
              --quick        2 s measured after 1 s warm-up per cell, 2 s JIT warm-up: what the build
                             captures for the docs (about a minute in all)
              --rate W       the writer's target rate, writes per second (default 200)
              --watchers L   comma-separated watcher counts (default 1,100,1000)
              --modes M      cache (HTTP streams from the watch cache), direct (one etcd watch per
                             watcher), or both (default)
              --out DIR      where watch-table.txt, watch-chart.svg and watch-results.json go (default target/bench)
            """;

    public WatchBenchOptions {
        if (!(seconds > 0) || !(warmupSeconds >= 0) || !(jitWarmupSeconds >= 0) || !(drainSeconds >= 0)) {
            throw new IllegalArgumentException("--seconds must be above 0, --warmup and --jit-warmup at least 0");
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
    }

    public static WatchBenchOptions defaults() {
        return new WatchBenchOptions(10, 3, 6, 10, DEFAULT_RATE, DEFAULT_WATCHERS, List.of(WatchMode.values()),
                Path.of("target", "bench"), "rvlab-bench-watch", 10);
    }

    /** @throws IllegalArgumentException for an unknown option or a bad value; the message says which */
    public static WatchBenchOptions parse(String... args) {
        WatchBenchOptions d = defaults();
        Double seconds = null;
        Double warmup = null;
        Double jit = null;
        boolean quick = false;
        double rate = d.rate();
        List<Integer> watchers = d.watchers();
        List<WatchMode> modes = d.modes();
        Path out = d.out();
        String namespace = d.namespace();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--quick" -> quick = true;
                case "--seconds" -> seconds = number(arg, value(args, ++i, arg));
                case "--warmup" -> warmup = number(arg, value(args, ++i, arg));
                case "--jit-warmup" -> jit = number(arg, value(args, ++i, arg));
                case "--rate" -> rate = number(arg, value(args, ++i, arg));
                case "--watchers" -> {
                    List<Integer> list = new ArrayList<>();
                    for (String n : value(args, ++i, arg).split(",")) {
                        double count = number(arg, n.strip());
                        if (count != Math.rint(count)) {
                            throw new IllegalArgumentException(arg + ": not a whole number: " + n.strip());
                        }
                        list.add((int) count);
                    }
                    watchers = list;
                }
                case "--modes" -> {
                    String mode = value(args, ++i, arg);
                    modes = mode.equals("both") ? List.of(WatchMode.values()) : List.of(WatchMode.fromOption(mode));
                }
                case "--out" -> out = Path.of(value(args, ++i, arg));
                case "--namespace" -> namespace = value(args, ++i, arg);
                default -> throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        return new WatchBenchOptions(seconds != null ? seconds : quick ? 2 : 10, warmup != null ? warmup : quick ? 1 : 3,
                jit != null ? jit : quick ? 2 : d.jitWarmupSeconds(), quick ? 5 : d.drainSeconds(), rate, watchers, modes, out, namespace, d.objects());
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static double number(String option, String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": not a number: " + text);
        }
    }
}
