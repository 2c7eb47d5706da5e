package io.rvlab.ch07.bench;

import static io.rvlab.ch07.bench.MembersTable.fmt;
import static io.rvlab.ch07.bench.MembersTable.ratio;
import static io.rvlab.support.svg.BarChart.GRID;
import static io.rvlab.support.svg.BarChart.INK;
import static io.rvlab.support.svg.BarChart.MUTED;
import static io.rvlab.support.svg.BarChart.niceStep;
import static io.rvlab.support.svg.BarChart.text;
import static io.rvlab.support.svg.SvgText.escape;

import io.rvlab.ch03.bench.BenchRun;
import io.rvlab.ch03.bench.CellResult;
import java.util.List;

/**
 * {@code ./course bench members} as an SVG bar chart: a panel per client count; in each, raw etcd's
 * and the API server's bars, one per cluster size, with the larger cluster's ratio to the smallest
 * under each path and API/raw under the panel. Deterministic, like chapter 3's chart.
 */
public final class MembersChart {

    private static final int WIDTH = 860;
    private static final int HEIGHT = 430;
    private static final int MARGIN = 24;
    private static final int PANEL_GAP = 36;
    private static final int PLOT_TOP = 140;
    private static final int PLOT_BOTTOM = 360;
    private static final int AXIS = 56;
    private static final int BAR = 30;
    private static final String[] SHADES = {"#c7d2fe", "#4338ca", "#1e1b4b", "#818cf8", "#312e81", "#6366f1", "#a5b4fc"};

    private MembersChart() {
    }

    public static String render(MembersRun run) {
        BenchRun first = run.runs().get(0);
        String title = "Updates per second by etcd cluster size: raw etcd and the newest API server";
        String desc = fmt("etcd %s, cluster sizes %s, every member on one machine of %d cores; %s s measured per"
                + " cell after %s s warm-up.", first.etcdVersion(), run.members(), first.cores(),
                MembersTable.seconds(first.seconds()), MembersTable.seconds(first.warmupSeconds()));
        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "role=\"img\" aria-labelledby=\"title desc\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append("  <title id=\"title\">").append(escape(title)).append("</title>\n");
        svg.append("  <desc id=\"desc\">").append(escape(desc)).append("</desc>\n");
        svg.append(fmt("  <rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n", WIDTH, HEIGHT));
        svg.append(text(MARGIN, MARGIN + 14, 18, "bold", INK, "start", title));
        svg.append(text(MARGIN, MARGIN + 36, 12, null, MUTED, "start", fmt("etcd %s, %d cores shared by every member,"
                + " the API server and the clients; %s s per cell; higher is better", first.etcdVersion(),
                first.cores(), MembersTable.seconds(first.seconds()))));
        int x = MARGIN;
        for (int i = 0; i < run.members().size(); i++) {
            int size = run.members().get(i);
            svg.append(fmt("  <rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\"/>%n", x, MARGIN + 52,
                    shade(i)));
            svg.append(text(x + 20, MARGIN + 64, 12, null, INK, "start", size + (size == 1 ? " member" : " members")));
            x += 120;
        }

        List<Integer> clients = run.clientCounts();
        int panelWidth = (WIDTH - 2 * MARGIN - PANEL_GAP * (clients.size() - 1)) / clients.size();
        for (int p = 0; p < clients.size(); p++) {
            panel(svg, run, clients.get(p), MARGIN + p * (panelWidth + PANEL_GAP), panelWidth);
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void panel(StringBuilder svg, MembersRun run, int clients, int x, int width) {
        double max = 0;
        for (String path : List.of(BenchRun.RAW, BenchRun.API)) {
            for (int size : run.members()) {
                max = Math.max(max, run.cell(path, size, clients).map(CellResult::updatesPerSecond).orElse(0.0));
            }
        }
        double step = niceStep(max);
        double top = step * Math.max(1, Math.ceil(max * 1.1 / step));
        int plotLeft = x + AXIS;
        int plotWidth = width - AXIS;
        int plotHeight = PLOT_BOTTOM - PLOT_TOP;
        svg.append(text(x + width / 2, PLOT_TOP - 14, 13, "bold", INK, "middle",
                clients + (clients == 1 ? " client" : " clients") + ", distinct objects"));
        for (double v = 0; v <= top + step / 2; v += step) {
            int y = PLOT_BOTTOM - (int) Math.round(v / top * plotHeight);
            svg.append(fmt("  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>%n",
                    plotLeft, y, plotLeft + plotWidth, y, v == 0 ? MUTED : GRID));
            svg.append(text(plotLeft - 6, y + 4, 11, null, MUTED, "end", fmt("%,.0f", v)));
        }
        svg.append(text(x + 12, (PLOT_TOP + PLOT_BOTTOM) / 2, 11, null, MUTED, "middle", "updates/s",
                fmt(" transform=\"rotate(-90 %d %d)\"", x + 12, (PLOT_TOP + PLOT_BOTTOM) / 2)));
        List<String> paths = List.of(BenchRun.RAW, BenchRun.API);
        int group = plotWidth / paths.size();
        int sizes = run.members().size();
        for (int g = 0; g < paths.size(); g++) {
            String path = paths.get(g);
            int centre = plotLeft + g * group + group / 2;
            int left = centre - (sizes * (BAR + 4)) / 2;
            for (int i = 0; i < sizes; i++) {
                CellResult cell = run.cell(path, run.members().get(i), clients).orElse(null);
                bar(svg, cell, left + i * (BAR + 4), top, plotHeight, shade(i));
            }
            svg.append(text(centre, PLOT_BOTTOM + 18, 12, "bold", INK, "middle", path));
            if (sizes > 1) {
                svg.append(text(centre, PLOT_BOTTOM + 34, 11, null, MUTED, "middle", fmt("%d/%d members: %s",
                        run.largest(), run.smallest(), ratio(run.toSmallest(path, run.largest(), clients)))));
            }
        }
        List<String> apiToRaw = run.members().stream()
                .map(size -> fmt("%s on %d member%s", ratio(run.apiToRaw(size, clients)), size, size == 1 ? "" : "s"))
                .toList();
        svg.append(text(x + width / 2, PLOT_BOTTOM + 54, 11, null, INK, "middle",
                "API/raw: " + String.join(", ", apiToRaw)));
    }

    private static String shade(int i) {
        return SHADES[i % SHADES.length];
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
}
