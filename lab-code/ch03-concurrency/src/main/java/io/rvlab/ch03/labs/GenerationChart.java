package io.rvlab.ch03.labs;

import io.rvlab.support.svg.SvgText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A chart of one Deployment through a lab's run: one column per step (a user's change or a
 * controller's pass), the object's resourceVersion above (a filled dot where etcd wrote, a hollow
 * one where nothing was written), its metadata.generation and status.observedGeneration below.
 * Drawn from the lab's own answers, so it shows the run's real numbers.
 *
 * <p>Hand-written like {@link SequenceDiagram}: no drawing library, small deterministic output.
 */
public final class GenerationChart {

    /**
     * One column.
     *
     * @param section the part of the run it belongs to (consecutive columns share a band)
     * @param label what happened, under the column
     * @param resourceVersion the object's resourceVersion after the step
     * @param generation its metadata.generation after the step
     * @param observedGeneration its status.observedGeneration after the step (0 if none)
     * @param written whether the step made etcd write the object
     */
    public record Point(String section, String label, long resourceVersion, long generation, long observedGeneration,
            boolean written) {
    }

    private static final int MARGIN = 24;
    private static final int AXIS = 74;
    private static final int COLUMN = 28;
    private static final int BAND = 24;
    private static final int RV_HEIGHT = 170;
    private static final int GEN_HEIGHT = 120;
    private static final int GAP = 34;
    private static final int LABELS = 92;
    private static final int DESC_LINE = 16;
    private static final String SANS = "Helvetica, Arial, sans-serif";
    private static final String INK = "#1f2937";
    private static final String MUTED = "#6b7280";
    private static final String RULE = "#d1d5db";
    private static final String RV_COLOUR = "#1d4ed8";
    private static final String GEN_COLOUR = "#4338ca";
    private static final String OBSERVED_COLOUR = "#15803d";

    private final String title;
    private final String description;
    private final List<Point> points = new ArrayList<>();

    public GenerationChart(String title, String description) {
        this.title = title;
        this.description = description;
    }

    public void add(Point point) {
        points.add(point);
    }

    public int size() {
        return points.size();
    }

    public void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, render(), StandardCharsets.UTF_8);
    }

    public String render() {
        if (points.isEmpty()) {
            throw new IllegalStateException("nothing to draw");
        }
        int width = Math.max(640, MARGIN + AXIS + points.size() * COLUMN + 2 * MARGIN);
        List<String> desc = SvgText.wrap(description, SvgText.fit(width - 2 * MARGIN, 12));
        int bandTop = MARGIN + 40 + desc.size() * DESC_LINE + 6;
        int rvTop = bandTop + BAND + 14;
        int genTop = rvTop + RV_HEIGHT + GAP;
        int labelsTop = genTop + GEN_HEIGHT + 10;
        int legendTop = labelsTop + LABELS + 8;
        int height = legendTop + 22 + MARGIN;
        int left = MARGIN + AXIS;

        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(f("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "role=\"img\" aria-labelledby=\"title desc\">%n", width, height, width, height));
        svg.append("  <title id=\"title\">").append(SvgText.escape(title)).append("</title>\n");
        svg.append("  <desc id=\"desc\">").append(SvgText.escape(description)).append("</desc>\n");
        svg.append(f("  <rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n", width, height));
        svg.append(f("  <text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"18\" font-weight=\"bold\" fill=\"%s\">%s</text>%n",
                MARGIN, MARGIN + 14, SANS, INK, SvgText.escape(title)));
        for (int i = 0; i < desc.size(); i++) {
            svg.append(f("  <text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"12\" fill=\"%s\">%s</text>%n",
                    MARGIN, MARGIN + 38 + i * DESC_LINE, SANS, MUTED, SvgText.escape(desc.get(i))));
        }

        sections(svg, left, bandTop, labelsTop);

        // resourceVersion
        long minRv = points.stream().mapToLong(Point::resourceVersion).min().orElseThrow();
        long maxRv = Math.max(minRv + 1, points.stream().mapToLong(Point::resourceVersion).max().orElseThrow());
        axis(svg, "resourceVersion", rvTop, RV_HEIGHT, minRv, maxRv, left);
        List<int[]> rv = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            rv.add(new int[] {x(left, i), y(rvTop, RV_HEIGHT, minRv, maxRv, points.get(i).resourceVersion())});
        }
        steps(svg, rv, RV_COLOUR, "");
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            int[] at = rv.get(i);
            svg.append(f("  <circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>%n",
                    at[0], at[1], p.written() ? RV_COLOUR : "#ffffff", RV_COLOUR));
            if (p.written() || i == 0) {
                svg.append(f("  <text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-family=\"%s\" font-size=\"9\" "
                        + "fill=\"%s\">%d</text>%n", at[0], at[1] - 8, SANS, MUTED, p.resourceVersion()));
            }
        }

        // generation and observedGeneration
        long maxGen = points.stream().mapToLong(p -> Math.max(p.generation(), p.observedGeneration())).max().orElse(1) + 1;
        axis(svg, "generation", genTop, GEN_HEIGHT, 0, maxGen, left);
        List<int[]> gen = new ArrayList<>();
        List<int[]> observed = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            gen.add(new int[] {x(left, i), y(genTop, GEN_HEIGHT, 0, maxGen, points.get(i).generation())});
            observed.add(new int[] {x(left, i), y(genTop, GEN_HEIGHT, 0, maxGen, points.get(i).observedGeneration())});
        }
        steps(svg, observed, OBSERVED_COLOUR, " stroke-dasharray=\"5 3\"");
        steps(svg, gen, GEN_COLOUR, "");

        for (int i = 0; i < points.size(); i++) {
            int x = x(left, i);
            svg.append(f("  <text transform=\"translate(%d,%d) rotate(-55)\" text-anchor=\"end\" font-family=\"%s\" "
                    + "font-size=\"10\" fill=\"%s\">%s</text>%n", x + 3, labelsTop + 6, SANS, INK,
                    SvgText.escape(points.get(i).label())));
        }
        legend(svg, legendTop);
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** A band behind each run of columns of the same section, its name on top. */
    private void sections(StringBuilder svg, int left, int top, int bottom) {
        int start = 0;
        int band = 0;
        for (int i = 1; i <= points.size(); i++) {
            if (i == points.size() || !points.get(i).section().equals(points.get(start).section())) {
                int x = left + start * COLUMN;
                int w = (i - start) * COLUMN;
                svg.append(f("  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"%s\"/>%n",
                        x, top, w, bottom - top, band % 2 == 0 ? "#f9fafb" : "#eef2ff", RULE));
                String name = points.get(start).section();
                List<String> fitted = SvgText.wrap(name, SvgText.fit(w - 8, 11));
                svg.append(f("  <text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"11\" font-weight=\"bold\" "
                        + "fill=\"%s\">%s</text>%n", x + 5, top + 16, SANS, INK,
                        SvgText.escape(fitted.get(0) + (fitted.size() > 1 ? "\u2026" : ""))));
                start = i;
                band++;
            }
        }
    }

    private static void axis(StringBuilder svg, String name, int top, int height, long min, long max, int left) {
        svg.append(f("  <text transform=\"translate(%d,%d) rotate(-90)\" text-anchor=\"middle\" font-family=\"%s\" "
                + "font-size=\"11\" font-weight=\"bold\" fill=\"%s\">%s</text>%n", MARGIN + 10, top + height / 2, SANS,
                INK, name));
        long step = niceStep(max - min);
        for (long v = (min + step - 1) / step * step; v <= max; v += step) {
            int y = y(top, height, min, max, v);
            svg.append(f("  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"0.5\"/>%n",
                    left - 4, y, left, y, INK));
            svg.append(f("  <text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-family=\"%s\" font-size=\"10\" "
                    + "fill=\"%s\">%d</text>%n", left - 7, y + 3, SANS, MUTED, v));
        }
        svg.append(f("  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\"/>%n", left, top, left, top + height, INK));
    }

    /** A step line: each value holds until the next column. */
    private static void steps(StringBuilder svg, List<int[]> at, String colour, String dash) {
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < at.size(); i++) {
            if (i > 0) {
                points.append(' ').append(at.get(i)[0]).append(',').append(at.get(i - 1)[1]).append(' ');
            }
            points.append(at.get(i)[0]).append(',').append(at.get(i)[1]);
        }
        svg.append(f("  <polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s/>%n", points, colour,
                dash));
    }

    private static void legend(StringBuilder svg, int top) {
        int x = MARGIN;
        int y = top + 10;
        svg.append(f("  <circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>%n", x + 4, y,
                RV_COLOUR, RV_COLOUR));
        x = legendText(svg, x + 14, y, "etcd wrote: a new resourceVersion");
        svg.append(f("  <circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"#ffffff\" stroke=\"%s\" stroke-width=\"1.5\"/>%n", x + 4,
                y, RV_COLOUR));
        x = legendText(svg, x + 14, y, "nothing written");
        svg.append(f("  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>%n", x, y, x + 22,
                y, GEN_COLOUR));
        x = legendText(svg, x + 28, y, "metadata.generation");
        svg.append(f("  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\" "
                + "stroke-dasharray=\"5 3\"/>%n", x, y, x + 22, y, OBSERVED_COLOUR));
        legendText(svg, x + 28, y, "status.observedGeneration");
    }

    private static int legendText(StringBuilder svg, int x, int y, String text) {
        svg.append(f("  <text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"11\" fill=\"%s\">%s</text>%n", x, y + 4,
                SANS, INK, SvgText.escape(text)));
        return x + (int) Math.ceil(text.length() * 11 * 0.56) + 22;
    }

    private static int x(int left, int column) {
        return left + column * COLUMN + COLUMN / 2;
    }

    private static int y(int top, int height, long min, long max, long value) {
        int pad = 14;
        return top + height - pad - (int) Math.round((double) (value - min) / (max - min) * (height - 2 * pad));
    }

    /** 1, 2, 5, 10, 20, 50, ...: about five ticks across {@code span}. */
    static long niceStep(long span) {
        long step = 1;
        while (span / step > 6) {
            long next = step * 2;
            if (span / next <= 6) {
                return next;
            }
            next = step * 5;
            if (span / next <= 6) {
                return next;
            }
            step *= 10;
        }
        return step;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
