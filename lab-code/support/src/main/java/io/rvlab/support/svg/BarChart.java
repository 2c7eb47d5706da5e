package io.rvlab.support.svg;

import static io.rvlab.support.svg.SvgText.escape;

import java.util.Locale;

/**
 * What the benchmarks' bar charts share: one palette and font, a text element in one call, and the
 * round steps of a value axis. Each chart still lays out its own panels; these are only the pieces
 * that were the same in all of them.
 */
public final class BarChart {

    public static final String SANS = "Helvetica, Arial, sans-serif";
    /** Titles, bars' labels and the axes' words. */
    public static final String INK = "#1f2937";
    /** Subtitles, axis numbers and the zero line. */
    public static final String MUTED = "#6b7280";
    /** Grid lines, light enough to read the bars over them. */
    public static final String GRID = "#e5e7eb";

    private BarChart() {
    }

    /** A round step (1, 2 or 5 times a power of ten) giving about five grid lines up to {@code max}. */
    public static double niceStep(double max) {
        if (max <= 0) {
            return 1;
        }
        double rough = max / 5;
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        for (double m : new double[] {1, 2, 5}) {
            if (m * power >= rough) {
                return m * power;
            }
        }
        return 10 * power;
    }

    /** A line of text, escaped; {@code weight} may be null (normal). */
    public static String text(int x, int y, int size, String weight, String colour, String anchor, String content) {
        return text(x, y, size, weight, colour, anchor, content, "");
    }

    /** A line of text with {@code extra} attributes (a leading space, or empty), such as a rotation. */
    public static String text(int x, int y, int size, String weight, String colour, String anchor, String content,
            String extra) {
        return String.format(Locale.ROOT, "  <text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"%d\"%s fill=\"%s\" "
                + "text-anchor=\"%s\"%s>%s</text>%n", x, y, SANS, size, weight == null ? "" : " font-weight=\"" + weight
                + "\"", colour, anchor, extra, escape(content));
    }
}
