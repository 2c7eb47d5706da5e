package io.rvlab.support.svg;

import java.util.ArrayList;
import java.util.List;

/**
 * Text in the labs' and benchmarks' hand-written SVG. SVG does not wrap text, so a long line is
 * broken into lines that fit a width, estimated from the font size (no font metrics at build time;
 * the estimate is generous, so a line never runs past the canvas). And text from a run (an error
 * message, a query string) is escaped before it goes into the markup.
 */
public final class SvgText {

    /** Average advance of a character of a sans-serif font, as a share of its size (generous). */
    private static final double SANS_ADVANCE = 0.56;

    private SvgText() {
    }

    /** How many characters of a sans-serif font of {@code fontSize} fit in {@code width} pixels. */
    public static int fit(int width, int fontSize) {
        return Math.max(10, (int) Math.floor(width / (fontSize * SANS_ADVANCE)));
    }

    /** {@code text} broken at spaces into lines of at most {@code maxChars} (a longer word gets a line of its own). */
    public static List<String> wrap(String text, int maxChars) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.trim().split("\\s+")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > maxChars) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }

    /**
     * {@code text} as the content of an element ({@code <text>}, {@code <title>}, {@code <desc>}):
     * {@code &}, {@code <} and {@code >} escaped, which is all element content needs. Quotes and
     * apostrophes stay as they are, so the files read as the sentences they hold. Attribute values
     * are the writers' own numbers and colours, never text from a run, so nothing here escapes for them.
     */
    public static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
