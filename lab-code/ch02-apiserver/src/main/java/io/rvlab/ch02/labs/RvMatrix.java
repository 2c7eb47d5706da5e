package io.rvlab.ch02.labs;

import java.util.ArrayList;
import java.util.List;

/**
 * The resourceVersion matrix of GET and LIST as one run of lab 2.2 answered it. Each cell is a
 * request the lab really made (a resourceVersion column; a verb, resourceVersionMatch and paging
 * row), the meaning Kubernetes documents for that combination, and what the API server sent back.
 * {@link RvMatrixSvg} draws it as a reference card and {@link #table()} prints it.
 *
 * <p>Three revisions frame every answer: {@code N}, the resourceVersion the third column sends
 * (older than the store); the revision inside the continue token the continue rows send; and etcd's
 * revision while the matrix was read (reads write nothing, so it stays put).
 */
public final class RvMatrix {

    // tag::record[]
    /** What Kubernetes promises for a read (its "Semantics for get and list"), or a refusal. */
    public enum Meaning {
        MOST_RECENT("Most Recent"),
        ANY("Any"),
        NOT_OLDER_THAN("Not older than"),
        EXACT("Exact"),
        CONTINUATION("Continuation"),
        REFUSED("Refused");

        private final String label;

        Meaning(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** The resourceVersion a request sends: none, "0", or N. */
    public enum Column {
        UNSET, ZERO, N
    }

    /**
     * One request and its answer.
     *
     * @param column the resourceVersion it sent
     * @param query the query string, with the continue token written as $TOKEN ("" for none)
     * @param meaning what Kubernetes documents for this combination
     * @param code the HTTP status code of the answer
     * @param reason the Status reason of a refusal, else ""
     * @param causes a refusal's cause messages (or its message if it has no causes)
     * @param resourceVersion the list's resourceVersion (for a GET, the object's); 0 for a refusal
     * @param items the items returned, each as "name resourceVersion"
     * @param more whether the answer carried a continue token
     */
    public record Cell(Column column, String query, Meaning meaning,
            int code, String reason, List<String> causes,
            long resourceVersion, List<String> items, boolean more) {

        public Cell {
            causes = List.copyOf(causes);
            items = List.copyOf(items);
        }
    }

    /**
     * One row of the matrix: a verb ("GET" or "LIST"), a resourceVersionMatch ("" for none), a
     * paging mode ("", "limit=1" or "continue"), and a cell for each {@link Column}, in order.
     */
    public record Row(String verb, String match, String paging, List<Cell> cells) {

        public Row {
            cells = List.copyOf(cells);
        }

        public boolean isGet() {
            return verb.equals("GET");
        }
    }
    // end::record[]

    private final String title;
    private final String collectionPath;
    private final String objectName;
    private final long n;
    private final long tokenRevision;
    private final long etcdRevision;
    private final List<Row> rows = new ArrayList<>();

    /**
     * @param collectionPath the LIST path, such as /api/v1/namespaces/lab-2-2/configmaps
     * @param objectName the object the GET row reads in that collection
     * @param n the resourceVersion the third column sends
     * @param tokenRevision the revision inside the continue token the continue rows send
     * @param etcdRevision etcd's revision while the matrix is read
     */
    public RvMatrix(String title, String collectionPath, String objectName, long n, long tokenRevision, long etcdRevision) {
        this.title = title;
        this.collectionPath = collectionPath;
        this.objectName = objectName;
        this.n = n;
        this.tokenRevision = tokenRevision;
        this.etcdRevision = etcdRevision;
    }

    public void add(Row row) {
        if (row.cells().size() != Column.values().length) {
            throw new IllegalArgumentException("a row needs one cell per column, not " + row.cells().size());
        }
        rows.add(row);
    }

    public String title() {
        return title;
    }

    public String collectionPath() {
        return collectionPath;
    }

    public String objectName() {
        return objectName;
    }

    public long n() {
        return n;
    }

    public long tokenRevision() {
        return tokenRevision;
    }

    public long etcdRevision() {
        return etcdRevision;
    }

    public List<Row> rows() {
        return List.copyOf(rows);
    }

    /** Whether the answer keeps the promise of its meaning (for a GET, the object's version is its own). */
    public boolean kept(Row row, Cell cell) {
        if (cell.meaning() == Meaning.REFUSED) {
            return cell.code() == 400 || cell.code() == 422;
        }
        if (cell.code() != 200) {
            return false;
        }
        return switch (cell.meaning()) {
            case MOST_RECENT -> row.isGet() || cell.resourceVersion() == etcdRevision;
            case NOT_OLDER_THAN -> row.isGet() || cell.resourceVersion() >= n;
            case EXACT -> cell.resourceVersion() == n;
            case CONTINUATION -> cell.resourceVersion() == tokenRevision;
            default -> true; // Any: whatever version the server has
        };
    }

    /** The cells of LIST rows with this meaning. */
    public List<Cell> listCells(Meaning meaning) {
        return rows.stream().filter(row -> !row.isGet()).flatMap(row -> row.cells().stream())
                .filter(cell -> cell.meaning() == meaning).toList();
    }

    /**
     * What a list's resourceVersion is, among the three revisions that frame the matrix: "etcd's
     * revision", "N" or "the token's"; "" if none (and for a GET, whose version is the object's).
     */
    public String relation(Row row, Cell cell) {
        if (row.isGet() || cell.code() != 200) {
            return "";
        }
        long rv = cell.resourceVersion();
        List<String> names = new ArrayList<>();
        if (cell.meaning() == Meaning.EXACT && rv == n) {
            names.add("N");
        }
        if (cell.meaning() == Meaning.CONTINUATION && rv == tokenRevision) {
            names.add("the token's");
        }
        if (rv == etcdRevision) {
            names.add("etcd's revision");
        }
        if (rv == n && !names.contains("N")) {
            names.add("N");
        }
        return names.isEmpty() ? "" : names.get(0);
    }

    /** The answer in one line, such as {@code 200 RV 10 (etcd's revision): cm-a 8, cm-b 7} or {@code 422 Invalid}. */
    public String answer(Row row, Cell cell) {
        if (cell.code() != 200) {
            return cell.code() + " " + cell.reason();
        }
        String relation = relation(row, cell);
        return "200 RV " + cell.resourceVersion() + (relation.isEmpty() ? "" : " (" + relation + ")") + ": "
                + (cell.items().isEmpty() ? "no items" : String.join(", ", cell.items()))
                + (cell.more() ? " + continue" : "");
    }

    /** The parameters a row adds to the resourceVersion of each column, such as {@code resourceVersionMatch=Exact&limit=1}. */
    public static String rowQuery(Row row) {
        List<String> params = new ArrayList<>();
        if (!row.match().isEmpty()) {
            params.add("resourceVersionMatch=" + row.match());
        }
        if (row.paging().equals("continue")) {
            params.add("continue=$TOKEN");
        } else if (!row.paging().isEmpty()) {
            params.add(row.paging());
        }
        return String.join("&", params);
    }

    /** What a column sends, such as {@code resourceVersion=0}. */
    public String columnQuery(Column column) {
        return switch (column) {
            case UNSET -> "no resourceVersion";
            case ZERO -> "resourceVersion=0";
            case N -> "resourceVersion=" + n;
        };
    }

    /**
     * The matrix as text: a line naming each row's request, then one line per column with the
     * meaning and the answer; a refusal's causes follow on lines of their own.
     */
    public List<String> table() {
        String format = "  %-" + (columnQuery(Column.N).length() + 2) + "s %-15s %s";
        List<String> lines = new ArrayList<>();
        for (Row row : rows) {
            String params = rowQuery(row);
            String path = row.isGet() ? ".../" + objectName : ".../" + collectionPath.substring(collectionPath.lastIndexOf('/') + 1);
            lines.add(row.verb() + " " + path + (params.isEmpty() ? "" : "?" + params));
            for (Cell cell : row.cells()) {
                lines.add(String.format(format, columnQuery(cell.column()), cell.meaning().label(), answer(row, cell)));
                for (String cause : cell.causes()) {
                    lines.add("    " + cause);
                }
            }
        }
        return lines;
    }

    /** Every request and its answer, one sentence each: the diagram's text description. */
    public String description() {
        List<String> sentences = new ArrayList<>();
        for (Row row : rows) {
            for (Cell cell : row.cells()) {
                sentences.add(row.verb() + (cell.query().isEmpty() ? "" : " ?" + cell.query()) + ": "
                        + cell.meaning().label() + ", " + answer(row, cell)
                        + (cell.causes().isEmpty() ? "" : " (" + String.join("; ", cell.causes()) + ")"));
            }
        }
        return String.join("; ", sentences) + ".";
    }
}
