package io.rvlab.ch04.bench;

import io.rvlab.support.text.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark as an aligned plain-text table: a header naming what ran where, one row per cell
 * (watchers, then mode), the writer's side and the watchers' side, then the target and whether
 * this run met it. Same layout as chapter 3's {@code BenchTable}.
 */
public final class WatchBenchTable {

    private WatchBenchTable() {
    }

    public static String render(WatchBenchRun run) {
        TextTable table = new TextTable()
                .group("", "watchers", "mode")
                .group("writer (writes/s)", "target", "sent/s", "acked/s")
                .group("delivery: write sent -> event parsed", "events/s", "missing", "p50", "p99", "max")
                .group("", "etcd watches")
                .leftAligned(1); // the mode left-aligned, numbers right
        for (int n : run.watcherCounts()) {
            for (WatchMode mode : WatchMode.values()) {
                run.cell(mode, n).ifPresent(c -> table.row(Integer.toString(n), mode.label(),
                    fmt("%.0f", c.targetRate()), fmt("%.1f", c.writesSentPerSecond()),
                    fmt("%.1f", c.writesAcknowledgedPerSecond()), fmt("%.0f", c.eventsPerSecond()),
                    Long.toString(c.eventsMissing()), millis(c.p50Micros()), millis(c.p99Micros()),
                    millis(c.maxMicros()), Integer.toString(c.etcdWatches())));
            }
        }

        StringBuilder out = new StringBuilder();
        out.append("Watch delivery: the newest API server's watch vs direct etcd watches (./course bench watch)\n");
        out.append(fmt("etcd %s, %s%n", run.etcdVersion(), run.etcd()));
        out.append(fmt("API server: %s%n", run.server()));
        out.append(fmt("writer and watchers: this benchmark's JVM (one clock); %d cores (etcd, API server, writer and "
                + "watchers share them), %s%n", run.cores(), run.java()));
        out.append(fmt("one writer: PUT a ConfigMap through the API server, one at a time, %s writes/s target%n",
                seconds(run.rate())));
        out.append(fmt("each cell: %s s settling, then %s s measured (after a %s s warm-up per mode); run started %s%n",
                seconds(run.settleSeconds()), seconds(run.seconds()), seconds(run.warmupSeconds()), run.date()));
        out.append('\n');
        out.append(table.render());
        out.append('\n');
        out.append("watch cache: every watcher an HTTP watch (?watch=1, chunked) of the API server, served from its watch cache.\n");
        out.append("direct etcd: every watcher its own jetcd watch on the ConfigMaps' prefix (no cache, as --watch-cache=false).\n");
        out.append("events/s: events all watchers received in the window; missing: events of acknowledged writes that\n");
        out.append("  never reached a watcher (once per watcher). Latency: from the writer sending the PUT to a watcher\n");
        out.append("  having parsed its event. etcd watches: etcd's own count (its watcher gauge), the API server's included.\n");
        int most = run.watcherCounts().stream().mapToInt(Integer::intValue).max().orElse(0);
        List<String> cpu = new ArrayList<>();
        for (WatchMode mode : WatchMode.values()) {
            run.cell(mode, most).ifPresent(c -> cpu.add(fmt("%s: API server's JVM %s, watchers' JVM %d us", mode.label(),
                    c.serverCpuMicrosPerEvent() < 0 ? "?" : c.serverCpuMicrosPerEvent() + " us", c.jvmCpuMicrosPerEvent())));
        }
        if (!cpu.isEmpty()) {
            out.append(fmt("CPU per delivered event at %d watchers (etcd's own in neither):%n  %s.%n", most,
                    String.join("; ", cpu)));
        }
        for (WatchCellResult c : concat(run.cells(), run.sustained())) {
            if (c.writeErrors() > 0 || c.failedWatchers() > 0) {
                out.append(fmt("ERRORS: %s, %d watchers: %d failed writes, %d failed watchers; first: %s%n",
                        c.mode().label(), c.watchers(), c.writeErrors(), c.failedWatchers(), c.firstError()));
            }
        }
        out.append('\n').append(verdict(run)).append('\n');
        if (run.sustainedPlan() != null) {
            out.append('\n').append(sustained(run));
        }
        return out.toString();
    }

    /**
     * The row set "1,000 watchers, one writer at 20 writes/s for 10 s": per mode, the writes completed,
     * the delivery latency and the events lost, each target met or missed; then the verdict.
     */
    public static String sustained(WatchBenchRun run) {
        WatchBenchOptions.Sustained plan = run.sustainedPlan();
        StringBuilder out = new StringBuilder();
        out.append(fmt("%,d watchers, one writer at %s writes/s for %s s%n", plan.watchers(), seconds(plan.rate()),
                seconds(plan.seconds())));
        String[] head = {"mode", "writes done", "p50", "p99", "max", "events lost", "writer", "p99 < 100 ms", "nothing lost"};
        List<String[]> rows = new ArrayList<>();
        for (WatchCellResult c : run.sustained()) {
            rows.add(new String[] {c.mode().label(), c.writesAcknowledged() + "/" + c.writesTarget(),
                millis(c.p50Micros()), millis(c.p99Micros()), millis(c.maxMicros()),
                Long.toString(c.eventsMissing()),
                (WatchBenchRun.writerMet(c) ? "met" : "missed") + " (>= " + WatchBenchRun.writesNeeded(c) + ")",
                WatchBenchRun.latencyMet(c) ? "met" : "missed", WatchBenchRun.nothingLost(c) ? "met" : "missed"});
        }
        int[] width = new int[head.length];
        for (int i = 0; i < head.length; i++) {
            width[i] = head[i].length();
            for (String[] row : rows) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        out.append(simpleLine(head, width)).append('\n');
        out.append(simpleLine(java.util.Arrays.stream(width).mapToObj("-"::repeat).toArray(String[]::new), width))
                .append('\n');
        rows.forEach(row -> out.append(simpleLine(row, width)).append('\n'));
        out.append(fmt("Target (the API server's watch): the writer completes >= %.0f %% of its writes, p99 under %s, "
                + "no event lost.%n", WatchBenchRun.SUSTAINED_WRITER_SHARE * 100, millis(WatchBenchRun.SUSTAINED_P99_MICROS)));
        out.append(run.sustainedCell(WatchMode.CACHE)
                .map(c -> fmt("This run: %d/%d writes, p99 %s, %d events lost%s: %s.%n", c.writesAcknowledged(),
                        c.writesTarget(), millis(c.p99Micros()), c.eventsMissing(),
                        c.failedWatchers() > 0 ? ", " + c.failedWatchers() + " watches ended early" : "",
                        run.sustainedMet() ? "met" : "missed"))
                .orElse("This run did not measure the API server's watch in this row set.\n"));
        return out.toString();
    }

    private static String simpleLine(String[] cells, int[] width) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            out.append(i == 0 ? "" : "  ").append(pad(cells[i], width[i], i > 0 && i < 6));
        }
        return out.toString().stripTrailing();
    }

    private static List<WatchCellResult> concat(List<WatchCellResult> a, List<WatchCellResult> b) {
        List<WatchCellResult> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** The target and whether this run met it. */
    public static String verdict(WatchBenchRun run) {
        String target = fmt("Target: through the watch cache at %d watchers, p99 under %s with the writer holding its "
                + "rate, and etcd watches%nthat do not grow with the watchers (a real kube-apiserver 1.26.1 on this "
                + "machine: p99 %s, its writer fell to %d of %d writes/s).", WatchBenchRun.TARGET_WATCHERS,
                millis(WatchBenchRun.TARGET_P99_MICROS), millis(WatchBenchRun.KUBE_APISERVER_P99_MICROS),
                WatchBenchRun.KUBE_APISERVER_WRITES, WatchBenchRun.KUBE_APISERVER_RATE);
        String result = run.targetCell()
                .map(c -> fmt("This run: p99 %s, writer %.1f of %s writes/s acknowledged, %d etcd watches, %d missing; "
                        + "target %s.", millis(c.p99Micros()), c.writesAcknowledgedPerSecond(), seconds(c.targetRate()),
                        c.etcdWatches(), c.eventsMissing(), run.targetMet() ? "met" : "missed"))
                .orElse(fmt("This run did not measure the watch cache at %d watchers.", WatchBenchRun.TARGET_WATCHERS));
        return target + "\n" + result;
    }

    static String millis(long micros) {
        double ms = micros / 1000.0;
        return ms >= 100 ? fmt("%.0f ms", ms) : ms >= 10 ? fmt("%.1f ms", ms) : fmt("%.2f ms", ms);
    }

    static String seconds(double s) {
        return s == Math.rint(s) ? fmt("%.0f", s) : fmt("%.1f", s);
    }

    private static String pad(String text, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - text.length()));
        return right ? fill + text : text + fill;
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
