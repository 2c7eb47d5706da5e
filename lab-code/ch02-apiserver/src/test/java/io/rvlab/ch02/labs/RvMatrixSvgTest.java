package io.rvlab.ch02.labs;

import static io.rvlab.ch02.labs.RvMatrix.Meaning.ANY;
import static io.rvlab.ch02.labs.RvMatrix.Meaning.CONTINUATION;
import static io.rvlab.ch02.labs.RvMatrix.Meaning.EXACT;
import static io.rvlab.ch02.labs.RvMatrix.Meaning.MOST_RECENT;
import static io.rvlab.ch02.labs.RvMatrix.Meaning.NOT_OLDER_THAN;
import static io.rvlab.ch02.labs.RvMatrix.Meaning.REFUSED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rvlab.ch02.labs.RvMatrix.Cell;
import io.rvlab.ch02.labs.RvMatrix.Column;
import io.rvlab.ch02.labs.RvMatrix.Row;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

@DisplayName("The resourceVersion matrix and its diagram")
class RvMatrixSvgTest {

    static final long N = 6;
    static final long TOKEN = 9;
    static final long ETCD = 10;

    static Cell ok(Column column, String query, RvMatrix.Meaning meaning, long rv, boolean more, String... items) {
        return new Cell(column, query, meaning, 200, "", List.of(), rv, List.of(items), more);
    }

    static Cell refused(Column column, String query, int code, String reason, String... causes) {
        return new Cell(column, query, REFUSED, code, reason, List.of(causes), 0, List.of(), false);
    }

    /** Three rows in two groups, as the lab records them. */
    static RvMatrix matrix(String title) {
        RvMatrix matrix = new RvMatrix(title, "/api/v1/namespaces/lab/configmaps", "cm-a", N, TOKEN, ETCD);
        matrix.add(new Row("LIST", "", "limit=1", List.of(
                ok(Column.UNSET, "limit=1", MOST_RECENT, ETCD, true, "cm-a 8"),
                ok(Column.ZERO, "resourceVersion=0&limit=1", ANY, ETCD, true, "cm-a 8"),
                ok(Column.N, "resourceVersion=6&limit=1", EXACT, N, false, "cm-a 6"))));
        matrix.add(new Row("LIST", "", "continue", List.of(
                ok(Column.UNSET, "continue=$TOKEN", CONTINUATION, TOKEN, false, "cm-b 7"),
                ok(Column.ZERO, "resourceVersion=0&continue=$TOKEN", CONTINUATION, TOKEN, false, "cm-b 7"),
                refused(Column.N, "resourceVersion=6&continue=$TOKEN", 400, "BadRequest",
                        "specifying resource version is not allowed when using continue"))));
        matrix.add(new Row("LIST", "NotOlderThan", "", List.of(
                refused(Column.UNSET, "resourceVersionMatch=NotOlderThan", 422, "Invalid",
                        "Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided",
                        "Forbidden: \"<x>\" & 'y'"),
                ok(Column.ZERO, "resourceVersion=0&resourceVersionMatch=NotOlderThan", ANY, ETCD, false, "cm-a 8", "cm-b 7"),
                ok(Column.N, "resourceVersion=6&resourceVersionMatch=NotOlderThan", NOT_OLDER_THAN, ETCD, false,
                        "cm-a 8", "cm-b 7"))));
        return matrix;
    }

    @Test
    @DisplayName("draws well-formed SVG: a box per request, a band per group, a legend swatch per meaning")
    void wellFormedSvg() throws Exception {
        String svg = RvMatrixSvg.render(matrix("<matrix> & \"friends\""));
        Document document = parse(svg);
        assertThat(document.getDocumentElement().getTagName()).isEqualTo("svg");
        // 9 cells + 2 group bands + 6 legend swatches + the background
        assertThat(document.getElementsByTagName("rect").getLength()).isEqualTo(9 + 2 + 6 + 1);
        assertThat(document.getElementsByTagName("title").item(0).getTextContent()).isEqualTo("<matrix> & \"friends\"");
        assertThat(svg).contains("RV 10 = etcd's revision", "RV 6 = N", "RV 9 = the token's",
                "400 BadRequest", "no resourceVersion with continue", "match needs a resourceVersion", "the legacy rule");
        assertThat(RvMatrixSvg.render(matrix("<matrix> & \"friends\""))).as("deterministic").isEqualTo(svg);
    }

    @Test
    @DisplayName("checks each answer against the promise of its meaning")
    void promises() {
        RvMatrix matrix = matrix("t");
        Row limit = matrix.rows().get(0);
        assertThat(limit.cells()).allMatch(cell -> matrix.kept(limit, cell));
        Row list = new Row("LIST", "", "", List.of(
                ok(Column.UNSET, "", MOST_RECENT, ETCD - 1, false),       // not the latest
                ok(Column.ZERO, "resourceVersion=0", ANY, 2, false),         // Any may be old
                ok(Column.N, "resourceVersion=6", NOT_OLDER_THAN, N - 1, false))); // older than N
        assertThat(matrix.kept(list, list.cells().get(0))).isFalse();
        assertThat(matrix.kept(list, list.cells().get(1))).isTrue();
        assertThat(matrix.kept(list, list.cells().get(2))).isFalse();
        Cell notRefused = ok(Column.N, "resourceVersion=6&continue=$TOKEN", REFUSED, ETCD, false);
        assertThat(matrix.kept(list, notRefused)).as("a refusal must be a 400 or 422").isFalse();
        assertThatThrownBy(() -> matrix.add(new Row("LIST", "", "", List.of(notRefused))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("prints a line per row, one per column, and a refusal's causes below it")
    void table() {
        List<String> table = matrix("t").table();
        assertThat(table).startsWith(
                "LIST .../configmaps?limit=1",
                "  no resourceVersion  Most Recent     200 RV 10 (etcd's revision): cm-a 8 + continue",
                "  resourceVersion=0   Any             200 RV 10 (etcd's revision): cm-a 8 + continue",
                "  resourceVersion=6   Exact           200 RV 6 (N): cm-a 6",
                "LIST .../configmaps?continue=$TOKEN");
        assertThat(table).containsSubsequence(
                "  no resourceVersion  Refused         422 Invalid",
                "    Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided",
                "    Forbidden: \"<x>\" & 'y'",
                "  resourceVersion=0   Any             200 RV 10 (etcd's revision): cm-a 8, cm-b 7");
    }

    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }
}
