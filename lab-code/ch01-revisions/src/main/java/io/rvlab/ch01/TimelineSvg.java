package io.rvlab.ch01;

import static io.rvlab.support.svg.SvgText.escape;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Draws a {@link RevisionTimeline} as an SVG picture: one column per write (the store's revision
 * along the top), one row per key, and in each cell that key's value, create_revision,
 * mod_revision and version right after the write. Cells the write touched are coloured, and the
 * numbers it set to its own revision (mod_revision always, create_revision for a new key) are blue.
 *
 * <p>Hand-written on purpose: a few rectangles and lines of text need no drawing library, and the
 * output stays small, deterministic and readable as text.
 */
public final class TimelineSvg {

    private static final int MARGIN = 24;
    private static final int LABEL_WIDTH = 110;
    private static final int COLUMN_WIDTH = 150;
    private static final int ROW_HEIGHT = 104;
    private static final int HEADER_HEIGHT = 72;
    private static final int GRID_TOP = 84;
    private static final int LEGEND_HEIGHT = 92;
    /** Wide enough for the legend and its notes, however few writes there are. */
    private static final int MIN_WIDTH = 720;

    private static final String SANS = "Helvetica, Arial, sans-serif";
    private static final String MONO = "ui-monospace, Menlo, Consolas, 'DejaVu Sans Mono', monospace";
    private static final String INK = "#1f2937";
    private static final String MUTED = "#6b7280";
    private static final String PUT_FILL = "#dbeafe";
    private static final String PUT_LINE = "#2563eb";
    private static final String DELETE_FILL = "#fee2e2";
    private static final String DELETE_LINE = "#dc2626";
    private static final String SAME_FILL = "#f9fafb";
    private static final String SAME_LINE = "#d1d5db";

    private final StringBuilder svg = new StringBuilder();

    private TimelineSvg() {
    }

    /** Writes the timeline's diagram to {@code file}. */
    public static void write(RevisionTimeline timeline, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, render(timeline), StandardCharsets.UTF_8);
    }

    /** The diagram as SVG text. */
    public static String render(RevisionTimeline timeline) {
        return new TimelineSvg().draw(timeline);
    }

    private String draw(RevisionTimeline timeline) {
        List<RevisionTimeline.Entry> entries = timeline.entries();
        List<String> keys = timeline.keys();
        int width = Math.max(MIN_WIDTH, 2 * MARGIN + LABEL_WIDTH + entries.size() * COLUMN_WIDTH);
        int gridBottom = GRID_TOP + HEADER_HEIGHT + keys.size() * ROW_HEIGHT;
        int height = gridBottom + LEGEND_HEIGHT;

        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                        + "font-family=\"%s\" role=\"img\" aria-labelledby=\"title desc\">%n",
                width, height, width, height, SANS));
        svg.append("  <title id=\"title\">").append(escape(timeline.title())).append("</title>\n");
        svg.append("  <desc id=\"desc\">").append(escape(description(timeline))).append("</desc>\n");
        svg.append("  <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" "
                + "markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"" + MUTED + "\"/></marker></defs>\n");
        svg.append(String.format(Locale.ROOT, "  <rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n", width, height));

        text(MARGIN, 34, timeline.title(), 18, INK, "bold", SANS, "start");
        text(MARGIN, 58, "keys under " + timeline.prefix()
                + "  \u00b7  each column is one write, and each write makes the next revision", 13, MUTED, "normal", SANS, "start");

        drawHeader(entries);
        for (int k = 0; k < keys.size(); k++) {
            int y = GRID_TOP + HEADER_HEIGHT + k * ROW_HEIGHT;
            text(MARGIN, y + ROW_HEIGHT / 2 + 5, timeline.shortName(keys.get(k)), 15, INK, "bold", MONO, "start");
            for (int c = 0; c < entries.size(); c++) {
                RevisionTimeline.Entry entry = entries.get(c);
                drawCell(columnX(c), y, entry.keys().get(k), entry.touches(keys.get(k)));
            }
        }
        drawLegend(gridBottom + 16);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private void drawHeader(List<RevisionTimeline.Entry> entries) {
        text(MARGIN, GRID_TOP + 24, "revision", 13, MUTED, "normal", SANS, "start");
        text(MARGIN, GRID_TOP + 44, "write", 13, MUTED, "normal", SANS, "start");
        for (int c = 0; c < entries.size(); c++) {
            int middle = columnX(c) + COLUMN_WIDTH / 2;
            text(middle, GRID_TOP + 24, String.valueOf(entries.get(c).revision()), 17, INK, "bold", MONO, "middle");
            text(middle, GRID_TOP + 44, shorten(entries.get(c).operation(), 20), 12, MUTED, "normal", MONO, "middle");
        }
        if (!entries.isEmpty()) {
            int y = GRID_TOP + 58;
            svg.append(String.format(Locale.ROOT,
                    "  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1.5\" marker-end=\"url(#arrow)\"/>%n",
                    columnX(0) + 8, y, columnX(entries.size() - 1) + COLUMN_WIDTH - 8, y, MUTED));
        }
    }

    private void drawCell(int x, int y, FourNumbers numbers, boolean touched) {
        int left = x + 6;
        int top = y + 6;
        int w = COLUMN_WIDTH - 12;
        int h = ROW_HEIGHT - 12;
        int middle = left + w / 2;
        if (!numbers.exists() && touched) {
            box(left, top, w, h, DELETE_FILL, DELETE_LINE, 2, false);
            text(middle, top + h / 2 - 2, "deleted", 15, DELETE_LINE, "bold", SANS, "middle");
            text(middle, top + h / 2 + 18, "no current version", 12, MUTED, "normal", SANS, "middle");
            return;
        }
        if (!numbers.exists()) {
            box(left, top, w, h, "none", SAME_LINE, 1, true);
            text(middle, top + h / 2 + 5, "absent", 13, MUTED, "normal", SANS, "middle");
            return;
        }
        box(left, top, w, h, touched ? PUT_FILL : SAME_FILL, touched ? PUT_LINE : SAME_LINE, touched ? 2 : 1, false);
        String ink = touched ? INK : MUTED;
        text(left + 12, top + 22, "\"" + shorten(numbers.value().orElse(""), 14) + "\"", 14, ink, "bold", MONO, "start");
        boolean born = touched && numbers.createRevision() == numbers.modRevision(); // this write created the key
        numberLine(left + 12, top + 44, "create ", numbers.createRevision(), born ? PUT_LINE : ink, born ? "bold" : "normal");
        numberLine(left + 12, top + 62, "mod    ", numbers.modRevision(), touched ? PUT_LINE : ink, touched ? "bold" : "normal");
        numberLine(left + 12, top + 80, "version", numbers.version(), ink, "normal");
    }

    private void numberLine(int x, int y, String label, long value, String color, String weight) {
        text(x, y, label + " " + value, 13, color, weight, MONO, "start");
    }

    private void drawLegend(int y) {
        int x = MARGIN;
        x = legendItem(x, y, PUT_FILL, PUT_LINE, false, "written by this revision");
        x = legendItem(x, y, DELETE_FILL, DELETE_LINE, false, "deleted by this revision");
        x = legendItem(x, y, SAME_FILL, SAME_LINE, false, "unchanged");
        legendItem(x, y, "none", SAME_LINE, true, "absent");
        text(MARGIN, y + 44, "create = create_revision, mod = mod_revision, version = version, as etcd reports "
                + "them right after each write.", 12, MUTED, "normal", SANS, "start");
        text(MARGIN, y + 62, "Numbers in blue are the write's own revision.", 12, MUTED, "normal", SANS, "start");
    }

    private int legendItem(int x, int y, String fill, String line, boolean dashed, String label) {
        box(x, y + 4, 22, 14, fill, line, 1.5, dashed);
        text(x + 30, y + 16, label, 12, INK, "normal", SANS, "start");
        return x + 30 + (int) Math.round(label.length() * 6.5) + 28;
    }

    private void box(int x, int y, int w, int h, String fill, String line, double strokeWidth, boolean dashed) {
        svg.append(String.format(Locale.ROOT,
                "  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"8\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"%s/>%n",
                x, y, w, h, fill, line, strokeWidth, dashed ? " stroke-dasharray=\"5 4\"" : ""));
    }

    private void text(int x, int y, String content, int size, String color, String weight, String family, String anchor) {
        svg.append(String.format(Locale.ROOT,
                "  <text x=\"%d\" y=\"%d\" font-size=\"%d\" fill=\"%s\" font-weight=\"%s\" font-family=\"%s\" "
                        + "text-anchor=\"%s\" xml:space=\"preserve\">%s</text>%n",
                x, y, size, color, weight, family, anchor, escape(content)));
    }

    private static int columnX(int column) {
        return MARGIN + LABEL_WIDTH + column * COLUMN_WIDTH;
    }

    private static String description(RevisionTimeline timeline) {
        StringBuilder text = new StringBuilder("Writes in order: ");
        for (RevisionTimeline.Entry entry : timeline.entries()) {
            text.append("revision ").append(entry.revision()).append(' ').append(entry.operation()).append("; ");
        }
        return text.toString().trim();
    }

    private static String shorten(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "\u2026";
    }
}
