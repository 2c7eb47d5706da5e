package io.rvlab.ch05.bench;

import io.rvlab.support.cli.OptionArgs;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The command line of {@code ./course bench list}.
 *
 * @param objects how many ConfigMaps the client syncs
 * @param dataBytes about how much data each ConfigMap carries
 * @param rounds how many times each mode runs (the table shows medians)
 * @param pageSize the limit of each LIST page in the paginated mode
 * @param xmx the heap limit of both child JVMs, as -Xmx takes it
 * @param modes which sync modes to run
 * @param client which client syncs: the chapter's informer, or a bare HTTP loop
 * @param out where the table, chart and JSON go
 * @param namespace the ConfigMaps' namespace
 */
public record ListBenchOptions(int objects, int dataBytes, int rounds, long pageSize, String xmx, List<SyncMode> modes,
        ClientKind client, Path out, String namespace) {

    public static final String USAGE = """
            usage: ./course bench list [--quick] [--objects N] [--rounds N] [--xmx SIZE] [--modes M,M|all]
                                       [--client informer|plain] [--out DIR]
              --quick        2,000 objects, 1 round: what the build captures for the docs (well under a minute)
              --objects N    ConfigMaps to sync, about 1 KiB of data each (default 10000)
              --rounds N     runs of each mode, alternating their order; the table shows medians (default 3)
              --xmx SIZE     heap limit of the server's and the client's JVM alike (default 512m)
              --modes M,M    which of: list (pages of 500 at rv "", then watch), list-rv0 (client-go's first
                             list, at rv 0: whole, from the watch cache), watch-list (streaming); default all
              --client C     informer (the chapter's SharedInformer, default) or plain (a bare HTTP loop)
              --out DIR      where list-table.txt, list-chart.svg and list-results.json go (default target/bench)
            """;

    public ListBenchOptions {
        if (objects < 1 || objects > 1_000_000) {
            throw new IllegalArgumentException("--objects must be from 1 to 1000000");
        }
        if (rounds < 1 || rounds > 50) {
            throw new IllegalArgumentException("--rounds must be from 1 to 50");
        }
        if (!xmx.matches("[0-9]+[kKmMgG]?")) {
            throw new IllegalArgumentException("--xmx must be a size such as 512m or 1g, not " + xmx);
        }
        modes = List.copyOf(modes);
        if (modes.isEmpty()) {
            throw new IllegalArgumentException("--modes must name list, list-rv0, watch-list or all");
        }
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(namespace, "namespace");
    }

    public static ListBenchOptions defaults() {
        return new ListBenchOptions(10_000, 1024, 3, 500, "512m", List.of(SyncMode.values()), ClientKind.defaultKind(),
                Path.of("target", "bench"), "rvlab-bench-list");
    }

    /** @throws IllegalArgumentException for an unknown option or a bad value; the message says which */
    public static ListBenchOptions parse(String... args) {
        ListBenchOptions d = defaults();
        Integer objects = null;
        Integer rounds = null;
        boolean quick = false;
        String xmx = d.xmx();
        List<SyncMode> modes = d.modes();
        ClientKind client = d.client();
        Path out = d.out();
        OptionArgs in = new OptionArgs(args);
        while (in.hasNext()) {
            String arg = in.next();
            switch (arg) {
                case "--quick" -> quick = true;
                case "--objects" -> objects = in.whole(arg);
                case "--rounds" -> rounds = in.whole(arg);
                case "--xmx" -> xmx = in.value(arg);
                case "--modes" -> {
                    String mode = in.value(arg);
                    modes = mode.equals("all") ? List.of(SyncMode.values())
                            : java.util.Arrays.stream(mode.split(",")).map(String::strip).map(SyncMode::fromOption).distinct().toList();
                }
                case "--client" -> client = ClientKind.fromOption(in.value(arg));
                case "--out" -> out = Path.of(in.value(arg));
                default -> throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        return new ListBenchOptions(objects != null ? objects : quick ? 2_000 : d.objects(), d.dataBytes(),
                rounds != null ? rounds : quick ? 1 : d.rounds(), d.pageSize(), xmx, modes, client, out, d.namespace());
    }
}
