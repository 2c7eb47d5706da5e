package io.rvlab.ch02.labs;

import static io.rvlab.support.svg.SvgText.escape;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Draws an {@link RvMatrix} as an SVG reference card: one column per resourceVersion (unset, "0",
 * N), one row per verb, resourceVersionMatch and paging, grouped under a heading per verb and match.
 * Each cell is one request the lab made, coloured by the meaning Kubernetes documents for it, with
 * what came back: the status code, the answer's resourceVersion and which of the matrix's revisions
 * it is (etcd's, N, or the continue token's), and the items, or why the request was refused.
 *
 * <p>Hand-written like chapter 1's TimelineSvg: rectangles and text need no drawing library, and
 * the output stays small, deterministic and readable as text.
 */
public final class RvMatrixSvg {

    private static final int MARGIN = 24;
    private static final int LABEL_WIDTH = 150;
    private static final int CELL_WIDTH = 256;
    private static final int ROW_HEIGHT = 78;
    private static final int GROUP_HEIGHT = 30;
    private static final int HEADER_TOP = 96;
    private static final int HEADER_HEIGHT = 50;
    private static final int LEGEND_LINE = 21;

    private static final String SANS = "Helvetica, Arial, sans-serif";
    private static final String MONO = "ui-monospace, Menlo, Consolas, 'DejaVu Sans Mono', monospace";
    private static final String INK = "#1f2937";
    private static final String MUTED = "#6b7280";
    private static final String BAND = "#f3f4f6";
    private static final String RULE = "#d1d5db";

    private final StringBuilder svg = new StringBuilder();

    private RvMatrixSvg() {
    }

    /** Writes the matrix's diagram to {@code file}. */
    public static void write(RvMatrix matrix, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, render(matrix), StandardCharsets.UTF_8);
    }

    /** The diagram as SVG text. */
    public static String render(RvMatrix matrix) {
        return new RvMatrixSvg().draw(matrix);
    }

    /** Fill and line colour of a meaning's cells. */
    static String[] colours(RvMatrix.Meaning meaning) {
        return switch (meaning) {
            case MOST_RECENT -> new String[] {"#dbeafe", "#1d4ed8"};
            case ANY -> new String[] {"#dcfce7", "#15803d"};
            case NOT_OLDER_THAN -> new String[] {"#fef3c7", "#b45309"};
            case EXACT -> new String[] {"#ede9fe", "#6d28d9"};
            case CONTINUATION -> new String[] {"#cffafe", "#0e7490"};
            case REFUSED -> new String[] {"#fee2e2", "#b91c1c"};
        };
    }

    private static final List<String[]> LEGEND = List.of(
            new String[] {"MOST_RECENT", "the latest state, read from etcd: a list's resourceVersion is etcd's revision at the read"},
            new String[] {"ANY", "any state will do: kube-apiserver answers from its watch cache; this server, with no cache yet, from etcd"},
            new String[] {"NOT_OLDER_THAN", "the latest state, promised to be at least N; items keep their own resourceVersions"},
            new String[] {"EXACT", "the list as it was at revision N, from etcd's history; 410 Expired once N is compacted"},
            new String[] {"CONTINUATION", "the next page, at the revision inside the token: all pages of a list are one snapshot"},
            new String[] {"REFUSED", "a Status with a 4xx code, before anything is read"});

    private String draw(RvMatrix matrix) {
        List<RvMatrix.Row> rows = matrix.rows();
        int groups = groupCount(rows);
        int width = 2 * MARGIN + LABEL_WIDTH + 3 * CELL_WIDTH;
        int gridTop = HEADER_TOP + HEADER_HEIGHT;
        int gridBottom = gridTop + groups * GROUP_HEIGHT + rows.size() * ROW_HEIGHT;
        int legendTop = gridBottom + 28;
        int height = legendTop + LEGEND.size() * LEGEND_LINE + 6 + 2 * 19 + 20;

        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                        + "font-family=\"%s\" role=\"img\" aria-labelledby=\"title desc\">%n",
                width, height, width, height, SANS));
        svg.append("  <title id=\"title\">").append(escape(matrix.title())).append("</title>\n");
        svg.append("  <desc id=\"desc\">").append(escape(matrix.description())).append("</desc>\n");
        svg.append(String.format(Locale.ROOT, "  <rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n", width, height));

        text(MARGIN, 34, matrix.title(), 18, INK, "bold", SANS, "start");
        text(MARGIN, 58, "GET " + matrix.collectionPath() + "/" + matrix.objectName() + " and LIST " + matrix.collectionPath()
                + ", one request per cell, on this chapter's API server", 13, MUTED, "normal", SANS, "start");
        text(MARGIN, 78, "N = " + matrix.n() + "  \u00b7  TOKEN = a continue token from a first page read at revision "
                + matrix.tokenRevision() + "  \u00b7  etcd at revision " + matrix.etcdRevision()
                + " throughout: reads write nothing", 13, MUTED, "normal", SANS, "start");

        drawColumnHeaders(matrix);
        int y = gridTop;
        String group = null;
        for (RvMatrix.Row row : rows) {
            String heading = heading(row);
            if (!heading.equals(group)) {
                group = heading;
                box(MARGIN, y + 3, width - 2 * MARGIN, GROUP_HEIGHT - 6, BAND, BAND, 1, 4);
                text(MARGIN + 10, y + 20, heading, 13, INK, "bold", SANS, "start");
                y += GROUP_HEIGHT;
            }
            text(MARGIN + 10, y + ROW_HEIGHT / 2 + 5, rowLabel(row), 13, INK, "normal", MONO, "start");
            for (int c = 0; c < row.cells().size(); c++) {
                drawCell(matrix, row, row.cells().get(c), columnX(c), y);
            }
            y += ROW_HEIGHT;
        }
        line(MARGIN, gridBottom + 8, width - MARGIN, gridBottom + 8, RULE);
        drawLegend(matrix, legendTop);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private void drawColumnHeaders(RvMatrix matrix) {
        String[] titles = {"resourceVersion unset", "resourceVersion=0", "resourceVersion=" + matrix.n()};
        String[] notes = {"(not sent)", "\"0\": any version", "N: older than the store"};
        for (int c = 0; c < 3; c++) {
            int middle = columnX(c) + CELL_WIDTH / 2;
            text(middle, HEADER_TOP + 18, titles[c], 14, INK, "bold", MONO, "middle");
            text(middle, HEADER_TOP + 37, notes[c], 12, MUTED, "normal", SANS, "middle");
        }
    }

    private void drawCell(RvMatrix matrix, RvMatrix.Row row, RvMatrix.Cell cell, int x, int y) {
        int left = x + 5;
        int top = y + 5;
        int w = CELL_WIDTH - 10;
        int h = ROW_HEIGHT - 10;
        String[] colour = colours(cell.meaning());
        box(left, top, w, h, colour[0], colour[1], 1.5, 8);
        int textX = left + 12;
        if (cell.meaning() == RvMatrix.Meaning.REFUSED || cell.code() != 200) {
            text(textX, top + 21, cell.code() + " " + cell.reason(), 14, colour[1], "bold", SANS, "start");
            List<String> causes = cell.causes();
            for (int i = 0; i < Math.min(2, causes.size()); i++) {
                text(textX, top + 41 + 18 * i, shortCause(causes.get(i)), 12, INK, "normal", SANS, "start");
            }
            return;
        }
        text(textX, top + 21, cell.meaning().label(), 14, colour[1], "bold", SANS, "start");
        String relation = matrix.relation(row, cell);
        text(textX, top + 41, "200 \u00b7 RV " + cell.resourceVersion() + (relation.isEmpty() ? "" : " = " + relation),
                12, INK, "normal", MONO, "start");
        String items;
        if (row.isGet()) {
            items = String.join(", ", cell.items()) + ": the object's own version";
        } else {
            items = (cell.items().isEmpty() ? "no items" : String.join(", ", cell.items())) + (cell.more() ? " + continue" : "");
            if (cell.meaning() == RvMatrix.Meaning.EXACT && row.match().isEmpty()) {
                items += "  \u00b7  the legacy rule"; // a limit turns a plain N into Exact
            }
        }
        text(textX, top + 59, items, 12, MUTED, "normal", SANS, "start");
    }

    private void drawLegend(RvMatrix matrix, int top) {
        int y = top;
        for (String[] entry : LEGEND) {
            RvMatrix.Meaning meaning = RvMatrix.Meaning.valueOf(entry[0]);
            String[] colour = colours(meaning);
            box(MARGIN, y - 11, 22, 14, colour[0], colour[1], 1.5, 3);
            text(MARGIN + 30, y, meaning.label(), 12, colour[1], "bold", SANS, "start");
            text(MARGIN + 140, y, entry[1], 12, INK, "normal", SANS, "start");
            y += LEGEND_LINE;
        }
        y += 6;
        text(MARGIN, y, "RV is the answer's resourceVersion: a list's own, or for a GET the object's (its mod_revision). "
                + "Every item in a list keeps its own.", 12, MUTED, "normal", SANS, "start");
        text(MARGIN, y + 19, "No watch cache here (chapter 4): every read goes to etcd. kube-apiserver 1.26 serves "
                + "resourceVersion \"0\", and N without a limit,", 12, MUTED, "normal", SANS, "start");
        text(MARGIN, y + 38, "from its watch cache at the cache's revision, which can be behind etcd's; with \"0\" it "
                + "ignores limit.", 12, MUTED, "normal", SANS, "start");
    }

    private static String heading(RvMatrix.Row row) {
        if (row.isGet()) {
            return "GET one object (a GET has no resourceVersionMatch)";
        }
        return "LIST, " + (row.match().isEmpty() ? "no resourceVersionMatch" : "resourceVersionMatch=" + row.match());
    }

    private static String rowLabel(RvMatrix.Row row) {
        return switch (row.paging()) {
            case "" -> row.isGet() ? "" : "no limit";
            case "continue" -> "continue=TOKEN";
            default -> row.paging();
        };
    }

    private static int groupCount(List<RvMatrix.Row> rows) {
        int count = 0;
        String last = null;
        for (RvMatrix.Row row : rows) {
            if (!heading(row).equals(last)) {
                count++;
                last = heading(row);
            }
        }
        return count;
    }

    /** A refusal's reason, short enough for a cell; the lab's transcript has the full messages. */
    static String shortCause(String cause) {
        if (cause.contains("forbidden unless resourceVersion is provided")) {
            return "match needs a resourceVersion";
        }
        if (cause.contains("forbidden when continue is provided")) {
            return "match is forbidden with continue";
        }
        if (cause.contains("is forbidden for resourceVersion \"0\"")) {
            return "Exact is forbidden for \"0\"";
        }
        if (cause.contains("not allowed when using continue")) {
            return "no resourceVersion with continue";
        }
        return cause.length() <= 36 ? cause : cause.substring(0, 35) + "\u2026";
    }

    private static int columnX(int column) {
        return MARGIN + LABEL_WIDTH + column * CELL_WIDTH;
    }

    private void box(int x, int y, int w, int h, String fill, String line, double strokeWidth, int radius) {
        svg.append(String.format(Locale.ROOT,
                "  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>%n",
                x, y, w, h, radius, fill, line, strokeWidth));
    }

    private void line(int x1, int y1, int x2, int y2, String colour) {
        svg.append(String.format(Locale.ROOT,
                "  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>%n", x1, y1, x2, y2, colour));
    }

    private void text(int x, int y, String content, int size, String color, String weight, String family, String anchor) {
        svg.append(String.format(Locale.ROOT,
                "  <text x=\"%d\" y=\"%d\" font-size=\"%d\" fill=\"%s\" font-weight=\"%s\" font-family=\"%s\" "
                        + "text-anchor=\"%s\" xml:space=\"preserve\">%s</text>%n",
                x, y, size, color, weight, family, anchor, escape(content)));
    }
}
