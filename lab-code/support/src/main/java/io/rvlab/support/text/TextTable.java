package io.rvlab.support.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A plain-text table with column groups, as the benchmarks print their results: a group line, a
 * header line, a rule, then the rows; groups separated by " | ", columns by two spaces. Numbers read
 * best right-aligned, names left-aligned: the first column is left-aligned unless
 * {@link #leftAligned(int...)} names others, and every other column is right-aligned.
 */
public final class TextTable {

    private final List<String> groups = new ArrayList<>();
    private final List<List<String>> headers = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();
    private final Set<Integer> left = new TreeSet<>(Set.of(0));

    /** Adds a group of columns; a row's cells fill the groups' columns in order. */
    public TextTable group(String name, String... columnHeaders) {
        groups.add(name);
        headers.add(List.of(columnHeaders));
        return this;
    }

    /** The columns (counted from 0 across all groups) to align left; all others are aligned right. */
    public TextTable leftAligned(int... columns) {
        left.clear();
        Arrays.stream(columns).forEach(left::add);
        return this;
    }

    public TextTable row(String... cells) {
        int columns = headers.stream().mapToInt(List::size).sum();
        if (cells.length != columns) {
            throw new IllegalArgumentException("a row of " + columns + " cells, not " + cells.length);
        }
        rows.add(List.of(cells));
        return this;
    }

    public String render() {
        List<String> flatHeaders = headers.stream().flatMap(List::stream).toList();
        int[] width = new int[flatHeaders.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = flatHeaders.get(c).length();
            for (List<String> row : rows) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        // A group wider than its columns widens its last column.
        int first = 0;
        for (int g = 0; g < groups.size(); g++) {
            int last = first + headers.get(g).size() - 1;
            int shortBy = groups.get(g).length() - groupWidth(width, first, last);
            if (shortBy > 0) {
                width[last] += shortBy;
            }
            first = last + 1;
        }
        StringBuilder out = new StringBuilder();
        StringBuilder groupLine = new StringBuilder();
        StringBuilder rule = new StringBuilder();
        first = 0;
        for (int g = 0; g < groups.size(); g++) {
            int last = first + headers.get(g).size() - 1;
            int span = groupWidth(width, first, last);
            groupLine.append(g == 0 ? "" : " | ").append(centred(groups.get(g), span));
            rule.append(g == 0 ? "" : "-+-").append("-".repeat(span));
            first = last + 1;
        }
        out.append(groupLine.toString().stripTrailing()).append('\n');
        out.append(line(flatHeaders, width)).append('\n');
        out.append(rule).append('\n');
        for (List<String> row : rows) {
            out.append(line(row, width)).append('\n');
        }
        return out.toString();
    }

    private static int groupWidth(int[] width, int first, int last) {
        return Arrays.stream(width, first, last + 1).sum() + 2 * (last - first);
    }

    private String line(List<String> cells, int[] width) {
        StringBuilder line = new StringBuilder();
        int column = 0;
        for (int g = 0; g < headers.size(); g++) {
            for (int k = 0; k < headers.get(g).size(); k++, column++) {
                line.append(k > 0 ? "  " : g > 0 ? " | " : "");
                String cell = cells.get(column);
                String pad = " ".repeat(width[column] - cell.length());
                line.append(left.contains(column) ? cell + pad : pad + cell);
            }
        }
        return line.toString().stripTrailing();
    }

    private static String centred(String text, int width) {
        int left = Math.max(0, (width - text.length()) / 2);
        return " ".repeat(left) + text + " ".repeat(Math.max(0, width - text.length() - left));
    }
}
