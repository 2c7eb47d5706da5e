package io.rvlab.ch01;

import java.util.ArrayList;
import java.util.List;

/**
 * A record of a sequence of writes and, after each one, the four numbers of every key watched.
 * It is data first (a list of {@link Entry} records a test or a chart can use) and then two
 * pictures of that data: a text table for the lab's narration and an SVG diagram
 * ({@link TimelineSvg}).
 *
 * <p>Each entry reads the keys <em>at</em> the write's revision rather than "now", so the state it
 * records is exactly the one right after that write, whatever happened since.
 */
public final class RevisionTimeline {

    /** One write: the revision it made, what it did, which keys it touched, and every key's state right after. */
    public record Entry(long revision, String operation, List<String> touched, List<FourNumbers> keys) {

        public boolean touches(String key) {
            return touched.contains(key);
        }
    }

    private final String title;
    private final String prefix;
    private final List<String> keys;
    private final List<Entry> entries = new ArrayList<>();

    /** A timeline of the given keys (full etcd keys, all under {@code prefix}). */
    public RevisionTimeline(String title, String prefix, List<String> keys) {
        this.title = title;
        this.prefix = prefix;
        this.keys = List.copyOf(keys);
    }

    // tag::record[]
    /** Records the write that made {@code revision}, reading every key as it was right after. */
    public Entry record(long revision, String operation, List<String> touched,
            RevisionReader reader) {
        List<FourNumbers> states = new ArrayList<>();
        for (String key : keys) {
            states.add(reader.at(key, revision));
        }
        Entry entry = new Entry(revision, operation, List.copyOf(touched), List.copyOf(states));
        entries.add(entry);
        return entry;
    }
    // end::record[]

    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    public List<String> keys() {
        return keys;
    }

    public String title() {
        return title;
    }

    public String prefix() {
        return prefix;
    }

    /** A key without the common prefix, for labels. */
    public String shortName(String key) {
        return key.startsWith(prefix) ? key.substring(prefix.length()) : key;
    }

    /**
     * The timeline as a plain-text table: one column per write (revision), one row per key, each
     * cell "create/mod/version value", a star on the cells the write touched.
     */
    public List<String> table() {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("revision"));
        List<String> writes = new ArrayList<>(List.of("write"));
        for (Entry entry : entries) {
            header.add(String.valueOf(entry.revision()));
            writes.add(entry.operation());
        }
        rows.add(header);
        rows.add(writes);
        for (int k = 0; k < keys.size(); k++) {
            List<String> row = new ArrayList<>(List.of(shortName(keys.get(k))));
            for (Entry entry : entries) {
                row.add(cell(entry.keys().get(k), entry.touches(keys.get(k))));
            }
            rows.add(row);
        }
        return align(rows);
    }

    private static String cell(FourNumbers numbers, boolean touched) {
        String star = touched ? "*" : "";
        if (!numbers.exists()) {
            return (touched ? "deleted" : "-") + star;
        }
        return numbers.createRevision() + "/" + numbers.modRevision() + "/" + numbers.version()
                + " " + numbers.value().orElse("") + star;
    }

    private static List<String> align(List<List<String>> rows) {
        int columns = rows.get(0).size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                line.append(String.format("%-" + (widths[c] + 2) + "s", row.get(c)));
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }
}
