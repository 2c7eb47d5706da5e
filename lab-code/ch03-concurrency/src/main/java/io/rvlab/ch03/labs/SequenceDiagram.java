package io.rvlab.ch03.labs;

import static io.rvlab.support.svg.SvgText.escape;

import io.rvlab.support.svg.SvgText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A sequence diagram recorded from a lab's own run and drawn as SVG: one lifeline per participant,
 * one arrow per message in the order the lab sent them, section notes across all lifelines.
 * Requests are solid, answers dashed, a conflict red.
 *
 * <p>Hand-written like chapter 1's TimelineSvg and chapter 2's RvMatrixSvg: no drawing library,
 * and the output is small, deterministic and readable as text.
 */
public final class SequenceDiagram {

    /** How an arrow is drawn. */
    public enum Tone {
        /** A request: solid, dark. */
        REQUEST,
        /** A successful answer: dashed, green. */
        OK,
        /** A 409 Conflict: dashed, red, bold. */
        CONFLICT,
        /** An answer that is neither: dashed, grey. */
        REPLY
    }

    private sealed interface Row permits Message, Note {
    }

    private record Message(int from, int to, String label, Tone tone) implements Row {
    }

    private record Note(String text) implements Row {
    }

    private static final int MARGIN = 24;
    private static final int COLUMN = 250;
    private static final int TOP = 78;
    private static final int DESC_LINE = 16;
    /** Advance of a character of the monospace label font (11px), generous; and room left around a label. */
    private static final double MONO_ADVANCE = 6.8;
    private static final int LABEL_PADDING = 28;
    private static final int HEAD_HEIGHT = 34;
    private static final int ROW = 30;
    private static final int NOTE = 36;
    private static final String SANS = "Helvetica, Arial, sans-serif";
    private static final String MONO = "ui-monospace, Menlo, Consolas, 'DejaVu Sans Mono', monospace";
    private static final String INK = "#1f2937";
    private static final String MUTED = "#6b7280";
    private static final String GREEN = "#15803d";
    private static final String RED = "#b91c1c";

    private final String title;
    private final String description;
    private final List<String> lifelines;
    private final List<Row> rows = new ArrayList<>();

    public SequenceDiagram(String title, String description, List<String> lifelines) {
        this.title = title;
        this.description = description;
        this.lifelines = List.copyOf(lifelines);
    }

    public void message(String from, String to, String label, Tone tone) {
        rows.add(new Message(index(from), index(to), label, tone));
    }

    /** A note across all lifelines, starting a part of the story. */
    public void note(String text) {
        rows.add(new Note(text));
    }

    public int messages() {
        return (int) rows.stream().filter(Message.class::isInstance).count();
    }

    private int index(String lifeline) {
        int i = lifelines.indexOf(lifeline);
        if (i < 0) {
            throw new IllegalArgumentException("no lifeline " + lifeline + " in " + lifelines);
        }
        return i;
    }

    public void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, render(), StandardCharsets.UTF_8);
    }

    /**
     * The distance between each lifeline and the next: at least {@link #COLUMN}, and wide enough for
     * the longest label of any arrow between them (an arrow across several gaps widens them evenly).
     */
    private int[] gaps() {
        int[] gaps = new int[Math.max(0, lifelines.size() - 1)];
        java.util.Arrays.fill(gaps, COLUMN);
        List<Message> messages = rows.stream().filter(Message.class::isInstance).map(Message.class::cast).toList();
        for (Message m : messages) {
            if (Math.abs(m.to() - m.from()) == 1) {
                int gap = Math.min(m.from(), m.to());
                gaps[gap] = Math.max(gaps[gap], labelWidth(m.label()));
            }
        }
        for (Message m : messages) {
            int low = Math.min(m.from(), m.to());
            int high = Math.max(m.from(), m.to());
            int span = 0;
            for (int g = low; g < high; g++) {
                span += gaps[g];
            }
            int missing = labelWidth(m.label()) - span;
            if (missing > 0 && high > low) {
                int each = (missing + (high - low) - 1) / (high - low);
                for (int g = low; g < high; g++) {
                    gaps[g] += each;
                }
            }
        }
        return gaps;
    }

    private static int labelWidth(String label) {
        return (int) Math.ceil(label.length() * MONO_ADVANCE) + LABEL_PADDING;
    }

    public String render() {
        int[] gaps = gaps();
        int[] centres = new int[lifelines.size()];
        int x0 = MARGIN + COLUMN / 2;
        for (int i = 0; i < centres.length; i++) {
            centres[i] = x0;
            x0 += i < gaps.length ? gaps[i] : 0;
        }
        int width = 2 * MARGIN + COLUMN + java.util.Arrays.stream(gaps).sum();
        // SVG does not wrap text: the description is broken into lines that fit the width.
        List<String> desc = SvgText.wrap(description, SvgText.fit(width - 2 * MARGIN, 12));
        int top = TOP + (desc.size() - 1) * DESC_LINE;
        int bodyTop = top + HEAD_HEIGHT + 14;
        int height = bodyTop;
        for (Row row : rows) {
            height += row instanceof Note ? NOTE : ROW;
        }
        int bodyBottom = height + 8;
        height = bodyBottom + HEAD_HEIGHT + MARGIN;

        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" role=\"img\" aria-labelledby=\"title desc\">%n", width, height, width, height));
        svg.append("  <title id=\"title\">").append(escape(title)).append("</title>\n");
        svg.append("  <desc id=\"desc\">").append(escape(description)).append("</desc>\n");
        svg.append(String.format(Locale.ROOT, "  <rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n", width, height));
        svg.append(String.format(Locale.ROOT, "  <text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"18\" "
                + "font-weight=\"bold\" fill=\"%s\">%s</text>%n", MARGIN, MARGIN + 14, SANS, INK, escape(title)));
        for (int i = 0; i < desc.size(); i++) {
            svg.append(String.format(Locale.ROOT, "  <text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"12\" "
                    + "fill=\"%s\">%s</text>%n", MARGIN, MARGIN + 36 + i * DESC_LINE, SANS, MUTED, escape(desc.get(i))));
        }

        for (int i = 0; i < lifelines.size(); i++) {
            int x = centres[i];
            svg.append(String.format(Locale.ROOT, "  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#d1d5db\" "
                    + "stroke-width=\"1.5\" stroke-dasharray=\"4 4\"/>%n", x, top + HEAD_HEIGHT, x, bodyBottom));
            head(svg, lifelines.get(i), x, top);
            head(svg, lifelines.get(i), x, bodyBottom);
        }

        int y = bodyTop;
        for (Row row : rows) {
            if (row instanceof Note note) {
                svg.append(String.format(Locale.ROOT, "  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" "
                        + "fill=\"#f3f4f6\" stroke=\"#d1d5db\"/>%n", MARGIN, y + 5, width - 2 * MARGIN, NOTE - 10));
                svg.append(String.format(Locale.ROOT, "  <text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"13\" "
                        + "font-weight=\"bold\" fill=\"%s\">%s</text>%n", MARGIN + 10, y + NOTE / 2 + 5, SANS, INK,
                        escape(note.text())));
                y += NOTE;
            } else if (row instanceof Message m) {
                arrow(svg, m, centres[m.from()], centres[m.to()], y + ROW - 8);
                y += ROW;
            }
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void head(StringBuilder svg, String name, int x, int top) {
        svg.append(String.format(Locale.ROOT, "  <rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" "
                + "fill=\"#eef2ff\" stroke=\"#4338ca\" stroke-width=\"1.5\"/>%n", x - 70, top, 140, HEAD_HEIGHT));
        svg.append(String.format(Locale.ROOT, "  <text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-family=\"%s\" "
                + "font-size=\"14\" font-weight=\"bold\" fill=\"%s\">%s</text>%n", x, top + 22, SANS, INK, escape(name)));
    }

    private static void arrow(StringBuilder svg, Message m, int x1, int x2, int y) {
        String colour = switch (m.tone()) {
            case REQUEST -> INK;
            case OK -> GREEN;
            case CONFLICT -> RED;
            case REPLY -> MUTED;
        };
        String dash = m.tone() == Tone.REQUEST ? "" : " stroke-dasharray=\"6 4\"";
        String weight = m.tone() == Tone.CONFLICT ? "2.5" : "1.5";
        int direction = x2 > x1 ? 1 : -1;
        int tip = x2 - direction * 2;
        int base = tip - direction * 9;
        // The arrowhead is a plain polygon, not an SVG marker: every renderer draws it the same.
        svg.append(String.format(Locale.ROOT, "  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                + "stroke-width=\"%s\"%s/>%n", x1, y, base, y, colour, weight, dash));
        svg.append(String.format(Locale.ROOT, "  <polygon points=\"%d,%d %d,%d %d,%d\" fill=\"%s\"/>%n",
                tip, y, base, y - 4, base, y + 4, colour));
        int labelX = (x1 + x2) / 2;
        svg.append(String.format(Locale.ROOT, "  <text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-family=\"%s\" "
                + "font-size=\"11\" fill=\"%s\"%s>%s</text>%n", labelX, y - 5, MONO, colour,
                m.tone() == Tone.CONFLICT ? " font-weight=\"bold\"" : "", escape(m.label())));
    }
}
