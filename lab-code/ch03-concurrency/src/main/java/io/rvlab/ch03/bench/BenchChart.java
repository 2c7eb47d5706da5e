package io.rvlab.ch03.bench;

import static io.rvlab.support.svg.BarChart.GRID;
import static io.rvlab.support.svg.BarChart.INK;
import static io.rvlab.support.svg.BarChart.MUTED;
import static io.rvlab.support.svg.BarChart.niceStep;
import static io.rvlab.support.svg.BarChart.text;
import static io.rvlab.support.svg.SvgText.escape;

import java.util.List;
import java.util.Locale;

/**
 * The benchmark as an SVG bar chart: one panel for distinct objects, one for the contended object;
 * in each, a group per client count with raw etcd's and the API server's updates per second side by
 * side and their ratio underneath. Hand-written like the labs' SequenceDiagram: no library, no
 * external fonts or fetches, and the same results always give the same file.
 */
public final class BenchChart {

    private static final int WIDTH = 860;
    private static final int HEIGHT = 430;
    private static final int MARGIN = 24;
    private static final int PANEL_GAP = 36;
    private static final int PLOT_TOP = 156;
    private static final int PLOT_BOTTOM = 372;
    private static final int AXIS = 56;   // room for the y-axis labels
    private static final int BAR = 34;
    private static final String RAW_COLOUR = "#94a3b8";
    private static final String API_COLOUR = "#4338ca";

    private BenchChart() {
    }

    public static String render(BenchRun run) {
        StringBuilder svg = new StringBuilder();
        String title = "Updates per second: raw etcd vs the newest API server (its own JVM)";
        String desc = fmt("etcd %s, %d cores, %s s measured per cell after %s s warm-up. Target: API server at "
                + "least %.2f of raw at %d clients on distinct objects%s.", run.etcdVersion(), run.cores(),
                BenchTable.seconds(run.seconds()), BenchTable.seconds(run.warmupSeconds()), BenchRun.TARGET_RATIO,
                BenchRun.TARGET_CLIENTS, run.targetRatio().map(r -> fmt("; this run %.2f", r)).orElse(""));
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "role=\"img\" aria-labelledby=\"title desc\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append("  <title id=\"title\">").append(escape(title)).append("</title>\n");
        svg.append("  <desc id=\"desc\">").append(escape(desc)).append("</desc>\n");
        svg.append(fmt("  <rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n", WIDTH, HEIGHT));
        svg.append(text(MARGIN, MARGIN + 14, 18, "bold", INK, "start", title));
        svg.append(text(MARGIN, MARGIN + 36, 12, null, MUTED, "start", fmt("etcd %s, %d cores, %s s per cell "
                + "(after %s s warm-up); higher is better", run.etcdVersion(), run.cores(),
                BenchTable.seconds(run.seconds()), BenchTable.seconds(run.warmupSeconds()))));
        svg.append(text(MARGIN, MARGIN + 54, 12, null, INK, "start", fmt("Target: API server >= %.2f x raw etcd at "
                + "%d clients, distinct objects (kube-apiserver 1.26.1: %.2f). %s", BenchRun.TARGET_RATIO,
                BenchRun.TARGET_CLIENTS, BenchRun.KUBE_APISERVER_RATIO, run.targetRatio()
                        .map(r -> fmt("This run: %.2f, %s.", r, run.targetMet() ? "met" : "missed")).orElse(""))));
        legend(svg, MARGIN, MARGIN + 68);

        int panelWidth = (WIDTH - 2 * MARGIN - PANEL_GAP) / 2;
        Contention[] panels = Contention.values();
        for (int p = 0; p < panels.length; p++) {
            panel(svg, run, panels[p], MARGIN + p * (panelWidth + PANEL_GAP), panelWidth);
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void legend(StringBuilder svg, int x, int y) {
        svg.append(fmt("  <rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\"/>%n", x, y, RAW_COLOUR));
        svg.append(text(x + 20, y + 12, 12, null, INK, "start", "raw etcd (GET + Txn)"));
        svg.append(fmt("  <rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\"/>%n", x + 180, y, API_COLOUR));
        svg.append(text(x + 200, y + 12, 12, null, INK, "start", "API server (GET + PUT over HTTP)"));
    }

    private static void panel(StringBuilder svg, BenchRun run, Contention contention, int x, int width) {
        List<Integer> clients = run.clientCounts();
        double max = 0;
        for (CellResult c : run.cells()) {
            if (c.contention() == contention) {
                max = Math.max(max, c.updatesPerSecond());
            }
        }
        double step = niceStep(max);
        double top = step * Math.max(1, Math.ceil(max * 1.1 / step)); // room above the tallest bar for its label
        int plotLeft = x + AXIS;
        int plotWidth = width - AXIS;
        int plotHeight = PLOT_BOTTOM - PLOT_TOP;

        svg.append(text(x + width / 2, PLOT_TOP - 18, 13, "bold", INK, "middle", contention.description()));
        for (double v = 0; v <= top + step / 2; v += step) {
            int y = PLOT_BOTTOM - (int) Math.round(v / top * plotHeight);
            svg.append(fmt("  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>%n",
                    plotLeft, y, plotLeft + plotWidth, y, v == 0 ? MUTED : GRID));
            svg.append(text(plotLeft - 6, y + 4, 11, null, MUTED, "end", fmt("%,.0f", v)));
        }
        svg.append(text(x + 12, (PLOT_TOP + PLOT_BOTTOM) / 2, 11, null, MUTED, "middle", "updates/s",
                fmt(" transform=\"rotate(-90 %d %d)\"", x + 12, (PLOT_TOP + PLOT_BOTTOM) / 2)));

        int group = plotWidth / Math.max(1, clients.size());
        for (int g = 0; g < clients.size(); g++) {
            int n = clients.get(g);
            int centre = plotLeft + g * group + group / 2;
            bar(svg, run.cell(BenchRun.RAW, contention, n).orElse(null), centre - BAR - 2, top, plotHeight, RAW_COLOUR);
            bar(svg, run.cell(BenchRun.API, contention, n).orElse(null), centre + 2, top, plotHeight, API_COLOUR);
            svg.append(text(centre, PLOT_BOTTOM + 18, 12, "bold", INK, "middle", n + (n == 1 ? " client" : " clients")));
            String ratio = run.ratio(contention, n).map(r -> fmt("API/raw %.2f", r)).orElse("API/raw -");
            svg.append(text(centre, PLOT_BOTTOM + 34, 11, null, MUTED, "middle", ratio));
        }
    }

    private static void bar(StringBuilder svg, CellResult cell, int x, double top, int plotHeight, String colour) {
        if (cell == null) {
            return;
        }
        int height = (int) Math.round(cell.updatesPerSecond() / top * plotHeight);
        svg.append(fmt("  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>%n",
                x, PLOT_BOTTOM - height, BAR, height, colour));
        svg.append(text(x + BAR / 2, PLOT_BOTTOM - height - 4, 10, null, INK, "middle",
                fmt("%,.0f", cell.updatesPerSecond())));
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
