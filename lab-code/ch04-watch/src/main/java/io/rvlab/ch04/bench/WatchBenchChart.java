package io.rvlab.ch04.bench;

import static io.rvlab.support.svg.BarChart.GRID;
import static io.rvlab.support.svg.BarChart.INK;
import static io.rvlab.support.svg.BarChart.MUTED;
import static io.rvlab.support.svg.BarChart.niceStep;
import static io.rvlab.support.svg.BarChart.text;
import static io.rvlab.support.svg.SvgText.escape;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The benchmark as an SVG bar chart in chapter 3's style (same size, fonts and colours; no library,
 * no external fetches, the same results always give the same file). Left: p99 delivery latency per
 * watcher count, direct etcd watches beside the watch cache, on a log scale with the 100 ms target
 * drawn; under each group the etcd watches each mode held. Right: the writes per second the writer
 * had acknowledged, against its target rate.
 */
public final class WatchBenchChart {

    private static final int WIDTH = 860;
    private static final int HEIGHT = 450;
    private static final int MARGIN = 24;
    private static final int PANEL_GAP = 36;
    private static final int PLOT_TOP = 156;
    private static final int PLOT_BOTTOM = 372;
    private static final int AXIS = 56;
    private static final int BAR = 34;
    private static final String TARGET = "#b91c1c";
    private static final String DIRECT_COLOUR = "#94a3b8";
    private static final String CACHE_COLOUR = "#4338ca";

    private WatchBenchChart() {
    }

    public static String render(WatchBenchRun run) {
        StringBuilder svg = new StringBuilder();
        String title = "Watch delivery: the newest API server's watch vs direct etcd watches";
        String subtitle = fmt("etcd %s, %d cores; one writer at %s writes/s; %s s per cell (after %s s warm-up)",
                run.etcdVersion(), run.cores(), WatchBenchTable.seconds(run.rate()),
                WatchBenchTable.seconds(run.seconds()), WatchBenchTable.seconds(run.warmupSeconds()));
        String target = fmt("Target: cache at %d watchers p99 < %s, writer at its rate (kube-apiserver 1.26.1: %s, "
                + "%d of %d writes/s). %s", WatchBenchRun.TARGET_WATCHERS,
                WatchBenchTable.millis(WatchBenchRun.TARGET_P99_MICROS),
                WatchBenchTable.millis(WatchBenchRun.KUBE_APISERVER_P99_MICROS), WatchBenchRun.KUBE_APISERVER_WRITES,
                WatchBenchRun.KUBE_APISERVER_RATE, run.targetCell().map(c -> fmt("This run: %s, %.0f/s, %s.",
                        WatchBenchTable.millis(c.p99Micros()), c.writesAcknowledgedPerSecond(),
                        run.targetMet() ? "met" : "missed")).orElse(""));
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "role=\"img\" aria-labelledby=\"title desc\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append("  <title id=\"title\">").append(escape(title)).append("</title>\n");
        svg.append("  <desc id=\"desc\">").append(escape(subtitle + ". " + target)).append("</desc>\n");
        svg.append(fmt("  <rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n", WIDTH, HEIGHT));
        svg.append(text(MARGIN, MARGIN + 14, 18, "bold", INK, "start", title));
        svg.append(text(MARGIN, MARGIN + 36, 12, null, MUTED, "start", subtitle));
        svg.append(text(MARGIN, MARGIN + 54, 12, null, INK, "start", target));
        legend(svg, MARGIN, MARGIN + 68);

        int panelWidth = (WIDTH - 2 * MARGIN - PANEL_GAP) / 2;
        latencyPanel(svg, run, MARGIN, panelWidth);
        writerPanel(svg, run, MARGIN + panelWidth + PANEL_GAP, panelWidth);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void legend(StringBuilder svg, int x, int y) {
        svg.append(fmt("  <rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\"/>%n", x, y, DIRECT_COLOUR));
        svg.append(text(x + 20, y + 12, 12, null, INK, "start", "direct etcd (an etcd watch per watcher)"));
        svg.append(fmt("  <rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\"/>%n", x + 250, y, CACHE_COLOUR));
        svg.append(text(x + 270, y + 12, 12, null, INK, "start", "watch cache (HTTP; one etcd watch per resource)"));
        svg.append(line(x + 555, y + 7, x + 579, y + 7, TARGET, " stroke-dasharray=\"6 4\""));
        svg.append(text(x + 585, y + 12, 12, null, INK, "start", "target: p99 100 ms; writer's rate"));
    }

    /** p99 latency on a log scale from 0.1 ms, one decade per grid line. */
    private static void latencyPanel(StringBuilder svg, WatchBenchRun run, int x, int width) {
        double maxMs = WatchBenchRun.TARGET_P99_MICROS / 1000.0;
        for (WatchCellResult c : run.cells()) {
            maxMs = Math.max(maxMs, c.p99Micros() / 1000.0);
        }
        double lowLog = -1;
        double highLog = Math.max(2, Math.ceil(Math.log10(maxMs * 1.5)));
        int plotLeft = x + AXIS;
        int plotWidth = width - AXIS;
        int plotHeight = PLOT_BOTTOM - PLOT_TOP;
        ToDoubleFunction<Double> y = ms -> PLOT_BOTTOM
                - (Math.log10(Math.max(ms, 0.1)) - lowLog) / (highLog - lowLog) * plotHeight;

        svg.append(text(x + width / 2, PLOT_TOP - 18, 13, "bold", INK, "middle", "p99 delivery latency (lower is better)"));
        for (double e = lowLog; e <= highLog; e++) {
            int gy = (int) Math.round(y.applyAsDouble(Math.pow(10, e)));
            svg.append(line(plotLeft, gy, plotLeft + plotWidth, gy, e == lowLog ? MUTED : GRID, ""));
            svg.append(text(plotLeft - 6, gy + 4, 11, null, MUTED, "end", ms(Math.pow(10, e))));
        }
        int ty = (int) Math.round(y.applyAsDouble(WatchBenchRun.TARGET_P99_MICROS / 1000.0));
        svg.append(line(plotLeft, ty, plotLeft + plotWidth, ty, TARGET, " stroke-dasharray=\"6 4\""));
        svg.append(text(x + 12, (PLOT_TOP + PLOT_BOTTOM) / 2, 11, null, MUTED, "middle", "ms (log scale)",
                fmt(" transform=\"rotate(-90 %d %d)\"", x + 12, (PLOT_TOP + PLOT_BOTTOM) / 2)));

        List<Integer> counts = run.watcherCounts();
        int group = plotWidth / Math.max(1, counts.size());
        for (int g = 0; g < counts.size(); g++) {
            int n = counts.get(g);
            int centre = plotLeft + g * group + group / 2;
            WatchCellResult direct = run.cell(WatchMode.DIRECT, n).orElse(null);
            WatchCellResult cache = run.cell(WatchMode.CACHE, n).orElse(null);
            latencyBar(svg, direct, centre - BAR - 2, y, DIRECT_COLOUR);
            latencyBar(svg, cache, centre + 2, y, CACHE_COLOUR);
            svg.append(text(centre, PLOT_BOTTOM + 18, 12, "bold", INK, "middle", n + (n == 1 ? " watcher" : " watchers")));
            // Under each bar, the etcd watches that mode held: N for direct, a constant for the cache.
            if (direct != null) {
                svg.append(text(centre - BAR / 2 - 2, PLOT_BOTTOM + 34, 11, "bold", DIRECT_COLOUR, "middle",
                        Integer.toString(direct.etcdWatches())));
            }
            if (cache != null) {
                svg.append(text(centre + BAR / 2 + 2, PLOT_BOTTOM + 34, 11, "bold", CACHE_COLOUR, "middle",
                        Integer.toString(cache.etcdWatches())));
            }
        }
        svg.append(text(x + width / 2, PLOT_BOTTOM + 52, 11, null, MUTED, "middle",
                "under each bar: the etcd watches it held"));
    }

    private static void latencyBar(StringBuilder svg, WatchCellResult cell, int x, ToDoubleFunction<Double> y,
            String colour) {
        if (cell == null) {
            return;
        }
        double ms = cell.p99Micros() / 1000.0;
        int top = (int) Math.round(y.applyAsDouble(ms));
        svg.append(fmt("  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>%n",
                x, top, BAR, Math.max(0, PLOT_BOTTOM - top), colour));
        // The value without its unit (the axis says ms), so neighbouring labels do not run together.
        svg.append(text(x + BAR / 2, top - 4, 10, null, INK, "middle",
                WatchBenchTable.millis(cell.p99Micros()).replace(" ms", "")));
    }

    private static void writerPanel(StringBuilder svg, WatchBenchRun run, int x, int width) {
        double max = run.rate();
        for (WatchCellResult c : run.cells()) {
            max = Math.max(max, c.writesAcknowledgedPerSecond());
        }
        double step = niceStep(max);
        double top = step * Math.max(1, Math.ceil(max * 1.15 / step));
        int plotLeft = x + AXIS;
        int plotWidth = width - AXIS;
        int plotHeight = PLOT_BOTTOM - PLOT_TOP;

        svg.append(text(x + width / 2, PLOT_TOP - 18, 13, "bold", INK, "middle",
                "writes acknowledged per second (higher is better)"));
        for (double v = 0; v <= top + step / 2; v += step) {
            int gy = PLOT_BOTTOM - (int) Math.round(v / top * plotHeight);
            svg.append(line(plotLeft, gy, plotLeft + plotWidth, gy, v == 0 ? MUTED : GRID, ""));
            svg.append(text(plotLeft - 6, gy + 4, 11, null, MUTED, "end", fmt("%,.0f", v)));
        }
        int ty = PLOT_BOTTOM - (int) Math.round(run.rate() / top * plotHeight);
        svg.append(line(plotLeft, ty, plotLeft + plotWidth, ty, TARGET, " stroke-dasharray=\"6 4\""));
        svg.append(text(x + 12, (PLOT_TOP + PLOT_BOTTOM) / 2, 11, null, MUTED, "middle", "writes/s",
                fmt(" transform=\"rotate(-90 %d %d)\"", x + 12, (PLOT_TOP + PLOT_BOTTOM) / 2)));

        List<Integer> counts = run.watcherCounts();
        int group = plotWidth / Math.max(1, counts.size());
        for (int g = 0; g < counts.size(); g++) {
            int n = counts.get(g);
            int centre = plotLeft + g * group + group / 2;
            writerBar(svg, run.cell(WatchMode.DIRECT, n).orElse(null), centre - BAR - 2, top, plotHeight, DIRECT_COLOUR);
            writerBar(svg, run.cell(WatchMode.CACHE, n).orElse(null), centre + 2, top, plotHeight, CACHE_COLOUR);
            svg.append(text(centre, PLOT_BOTTOM + 18, 12, "bold", INK, "middle", n + (n == 1 ? " watcher" : " watchers")));
        }
    }

    private static void writerBar(StringBuilder svg, WatchCellResult cell, int x, double top, int plotHeight,
            String colour) {
        if (cell == null) {
            return;
        }
        int height = (int) Math.round(cell.writesAcknowledgedPerSecond() / top * plotHeight);
        svg.append(fmt("  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>%n",
                x, PLOT_BOTTOM - height, BAR, height, colour));
        svg.append(text(x + BAR / 2, PLOT_BOTTOM - height - 4, 10, null, INK, "middle",
                fmt("%,.0f", cell.writesAcknowledgedPerSecond())));
    }

    private static String ms(double ms) {
        return ms < 1 ? fmt("%.1f", ms) : fmt("%,.0f", ms);
    }

    private static String line(int x1, int y1, int x2, int y2, String colour, String extra) {
        return fmt("  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"%s/>%n",
                x1, y1, x2, y2, colour, extra);
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
