package io.rvlab.ch05.bench;

import static io.rvlab.support.svg.BarChart.INK;
import static io.rvlab.support.svg.BarChart.MUTED;
import static io.rvlab.support.svg.BarChart.text;
import static io.rvlab.support.svg.SvgText.escape;

import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * The benchmark as an SVG: three rows of horizontal bars, one bar per mode: the API server's heap,
 * the client's heap (peak live solid, peak used as a pale bar behind it) and the time to synced.
 * Hand-written, no library or external fonts; the same results always give the same file.
 */
public final class ListBenchChart {

    private static final int WIDTH = 820;
    private static final int LABEL = 200;     // mode names left of the bars
    private static final int RIGHT = 120;     // room for the value labels
    private static final int BAR = 20;
    private static final int GAP = 8;
    private static final String[] SOLID = {"#b45309", "#7c3aed", "#0f766e"};
    private static final String[] PALE = {"#fde68a", "#ddd6fe", "#99f6e4"};

    private ListBenchChart() {
    }

    public static String render(ListBenchRun run) {
        List<SyncMode> modes = run.options().modes().stream().filter(m -> !run.cells(m).isEmpty()).toList();
        int panelHeight = 34 + modes.size() * (BAR + GAP) + 10;
        int top = 78;
        int height = top + 3 * panelHeight + 30;
        StringBuilder svg = new StringBuilder();
        String title = String.format(Locale.ROOT, "Syncing %,d ConfigMaps: list then watch vs streaming watch-list",
                run.options().objects());
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(f("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                + " role=\"img\" aria-labelledby=\"t d\">%n", WIDTH, height, WIDTH, height));
        svg.append("  <title id=\"t\">").append(escape(title)).append("</title>\n");
        svg.append("  <desc id=\"d\">").append(escape(subtitle(run))).append("</desc>\n");
        svg.append(f("  <rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n", WIDTH, height));
        svg.append(text(20, 32, 18, "bold", INK, "start", title));
        svg.append(text(20, 54, 12, null, MUTED, "start", subtitle(run)));
        svg.append(text(20, 70, 12, null, MUTED, "start",
                "solid: peak live heap (after GC); pale: peak heap in use (sampled every 10 ms); lower is better"));

        panel(svg, run, modes, top, "API server heap, MiB (dashed: idle, its watch cache full)",
                c -> c.server().afterGcPeak(), c -> c.server().usedPeak(), ListBenchChart::mebibytes,
                c -> c.server().idleLive());
        panel(svg, run, modes, top + panelHeight, "client heap, MiB (dashed: its store after synced)",
                c -> c.client().afterGcPeak(), c -> c.client().usedPeak(), ListBenchChart::mebibytes,
                c -> c.client().store());
        panel(svg, run, modes, top + 2 * panelHeight, "time to synced, s", c -> c.client().syncedMicros(),
                null, micros -> micros / 1e6, null);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static String subtitle(ListBenchRun run) {
        ListBenchOptions o = run.options();
        return String.format(Locale.ROOT, "etcd %s, %d cores; server and client each a JVM of its own, -Xmx%s; %s",
                run.etcdVersion(), run.cores(), o.xmx(), o.rounds() == 1 ? "one round" : "medians of " + o.rounds() + " rounds");
    }

    private interface Scale {
        double of(long raw);
    }

    private static void panel(StringBuilder svg, ListBenchRun run, List<SyncMode> modes, int y, String heading,
            ToLongFunction<ListCellResult> solid, ToLongFunction<ListCellResult> pale, Scale scale,
            ToLongFunction<ListCellResult> marker) {
        double max = 0;
        for (SyncMode m : modes) {
            max = Math.max(max, scale.of(run.median(m, solid)));
            if (pale != null) {
                max = Math.max(max, scale.of(run.median(m, pale)));
            }
        }
        double full = max <= 0 ? 1 : max * 1.05;
        int span = WIDTH - LABEL - RIGHT;
        svg.append(text(20, y + 18, 13, "bold", INK, "start", heading));
        int barY = y + 28;
        svg.append(f("  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\"/>%n", LABEL, barY - 4, LABEL,
                barY + modes.size() * (BAR + GAP), MUTED));
        for (SyncMode m : modes) {
            int colour = m.ordinal() % SOLID.length;
            svg.append(text(LABEL - 8, barY + 15, 12, null, INK, "end", m.label()));
            String value = number(scale.of(run.median(m, solid)));
            if (pale != null) {
                double used = scale.of(run.median(m, pale));
                svg.append(rect(LABEL, barY, (int) Math.round(used / full * span), BAR, PALE[colour]));
                value += " (" + number(used) + ")";
            }
            int w = (int) Math.round(scale.of(run.median(m, solid)) / full * span);
            svg.append(rect(LABEL, barY, w, BAR, SOLID[colour]));
            int end = pale == null ? w : Math.max(w, (int) Math.round(scale.of(run.median(m, pale)) / full * span));
            svg.append(text(LABEL + end + 6, barY + 15, 12, null, INK, "start", value));
            if (marker != null) {
                int x = LABEL + (int) Math.round(scale.of(run.median(m, marker)) / full * span);
                svg.append(f("  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\""
                        + " stroke-dasharray=\"3 2\"/>%n", x, barY - 2, x, barY + BAR + 2, INK));
            }
            barY += BAR + GAP;
        }
    }

    private static double mebibytes(long bytes) {
        return bytes / 1048576.0;
    }

    private static String number(double v) {
        return v >= 100 ? f("%.0f", v) : v >= 10 ? f("%.1f", v) : f("%.2f", v);
    }

    private static String rect(int x, int y, int w, int h, String fill) {
        return f("  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>%n", x, y, Math.max(w, 1), h, fill);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
