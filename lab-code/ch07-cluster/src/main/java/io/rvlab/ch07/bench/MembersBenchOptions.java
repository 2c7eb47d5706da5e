package io.rvlab.ch07.bench;

import io.rvlab.ch03.bench.BenchOptions;
import io.rvlab.ch03.bench.BenchRun;
import io.rvlab.ch03.bench.Contention;
import io.rvlab.ch03.bench.LoadClient;
import io.rvlab.support.cli.OptionArgs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@code ./course bench members}.
 *
 * @param seconds measured time of each cell
 * @param warmupSeconds how long each path runs on each cluster before its first measured cell
 * @param settleSeconds how long each cell runs before it is measured
 * @param clients the client counts, each on distinct objects (one ConfigMap per client)
 * @param members the cluster sizes, smallest first: each gets a cluster and an API server of its own
 * @param out where the table, chart and JSON go
 */
public record MembersBenchOptions(double seconds, double warmupSeconds, double settleSeconds, List<Integer> clients,
        List<Integer> members, Path out) {

    public static final String USAGE = """
            usage: ./course bench members [--seconds N] [--warmup N] [--settle N] [--quick] [--clients 1,16,64]
                                          [--members 1,3] [--out DIR]
              --seconds N    measured seconds per cell (default 10)
              --warmup N     seconds each path runs on each cluster before its measured cells (default 10)
              --settle N     seconds each cell runs before it is measured (default 3)
              --quick        1.5 s measured after 0.5 s settling, 4 s warm-up, clients 1 and 64: what the build
                             captures for the docs (about a minute in all, most of it starting clusters)
              --clients L    comma-separated client counts (default 1,16,64), each on distinct objects
              --members L    cluster sizes, smallest first (default 1,3): the ratios are to the smallest
              --out DIR      where members-table.txt, members-chart.svg and members-results.json go
            """;

    public MembersBenchOptions {
        if (!(seconds > 0) || !(warmupSeconds >= 0) || !(settleSeconds >= 0)) {
            throw new IllegalArgumentException("--seconds must be above 0, --warmup and --settle at least 0");
        }
        clients = List.copyOf(clients);
        members = List.copyOf(members);
        if (clients.isEmpty() || clients.stream().anyMatch(n -> n < 1 || n > 1000)) {
            throw new IllegalArgumentException("--clients must list counts from 1 to 1000");
        }
        if (members.isEmpty() || members.stream().anyMatch(n -> n < 1 || n > 7)
                || !members.equals(members.stream().sorted().distinct().toList())) {
            throw new IllegalArgumentException("--members must list cluster sizes from 1 to 7, smallest first");
        }
    }

    /** @throws IllegalArgumentException for an unknown option or a bad value; the message says which */
    public static MembersBenchOptions parse(String... args) {
        Double seconds = null;
        Double warmup = null;
        Double settle = null;
        boolean quick = false;
        List<Integer> clients = null;
        List<Integer> members = List.of(1, 3);
        Path out = Path.of("target", "bench");
        OptionArgs in = new OptionArgs(args);
        while (in.hasNext()) {
            String arg = in.next();
            switch (arg) {
                case "--quick" -> quick = true;
                case "--seconds" -> seconds = in.number(arg);
                case "--warmup" -> warmup = in.number(arg);
                case "--settle" -> settle = in.number(arg);
                case "--clients" -> clients = counts(arg, in.value(arg));
                case "--members" -> members = counts(arg, in.value(arg));
                case "--out" -> out = Path.of(in.value(arg));
                default -> throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        return new MembersBenchOptions(seconds != null ? seconds : quick ? 1.5 : 10,
                warmup != null ? warmup : quick ? 4 : 10, settle != null ? settle : quick ? 0.5 : 3,
                clients != null ? clients : quick ? List.of(1, 64) : BenchOptions.DEFAULT_CLIENTS, members, out);
    }

    /** Chapter 3's options for the run on one cluster: distinct objects, both paths, the newest server started for it. */
    BenchOptions onCluster(int size) {
        return new BenchOptions(seconds, warmupSeconds, settleSeconds, clients, List.of(Contention.DISTINCT),
                List.of(BenchRun.RAW, BenchRun.API), out.resolve("members-" + size), "rvlab-bench", LoadClient.DEFAULT,
                null);
    }

    private static List<Integer> counts(String option, String list) {
        List<Integer> counts = new ArrayList<>();
        for (String n : list.split(",")) {
            counts.add((int) OptionArgs.number(option, n.strip()));
        }
        return counts;
    }
}
