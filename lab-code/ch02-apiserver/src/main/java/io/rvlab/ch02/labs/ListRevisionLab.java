package io.rvlab.ch02.labs;

import static io.rvlab.ch02.labs.RvMatrix.Meaning.ANY;
import static io.rvlab.ch02.labs.RvMatrix.Meaning.CONTINUATION;
import static io.rvlab.ch02.labs.RvMatrix.Meaning.EXACT;
import static io.rvlab.ch02.labs.RvMatrix.Meaning.MOST_RECENT;
import static io.rvlab.ch02.labs.RvMatrix.Meaning.NOT_OLDER_THAN;
import static io.rvlab.ch02.labs.RvMatrix.Meaning.REFUSED;

import io.rvlab.ch02.labs.RvMatrix.Column;
import io.rvlab.ch02.labs.RvMatrix.Meaning;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Lab 2.2: a list's resourceVersion is the revision of the whole store it was read at, not its
 * newest item's; then the resourceVersion / resourceVersionMatch combinations of a list, including
 * Exact, which reads etcd's history and shows an object as it was; and finally the whole matrix,
 * one request per combination, checked against Kubernetes' table and drawn as {@value #DIAGRAM}.
 */
public final class ListRevisionLab implements Lab {

    static final String NS = "lab-2-2";
    static final String PREFIX = "/registry/configmaps/" + NS + "/";

    static final String DIAGRAM = "rv-matrix.svg";

    /** A row of Kubernetes' table: the meaning it documents for resourceVersion unset, "0" and N. */
    record Combination(String verb, String match, String paging, List<Meaning> meanings) {
    }

    private static Combination row(String verb, String match, String paging, Meaning... meanings) {
        return new Combination(verb, match, paging, List.of(meanings));
    }

    // tag::matrix[]
    /** Kubernetes' "semantics for get and list", row by row: what the lab expects. */
    static final List<Combination> MATRIX = List.of(
            // verb, resourceVersionMatch, paging; the meaning for resourceVersion unset, "0", N
            row("GET", "", "", MOST_RECENT, ANY, NOT_OLDER_THAN),
            row("LIST", "", "", MOST_RECENT, ANY, NOT_OLDER_THAN),
            row("LIST", "", "limit=1", MOST_RECENT, ANY, EXACT), // the legacy rule
            row("LIST", "", "continue", CONTINUATION, CONTINUATION, REFUSED),
            row("LIST", "Exact", "", REFUSED, REFUSED, EXACT),
            row("LIST", "Exact", "limit=1", REFUSED, REFUSED, EXACT),
            row("LIST", "NotOlderThan", "", REFUSED, ANY, NOT_OLDER_THAN),
            row("LIST", "NotOlderThan", "limit=1", REFUSED, ANY, NOT_OLDER_THAN),
            row("LIST", "NotOlderThan", "continue", REFUSED, REFUSED, REFUSED));
    // end::matrix[]

    @Override
    public String id() {
        return "2.2";
    }

    @Override
    public String title() {
        return "A list's resourceVersion, and reading lists at a resourceVersion";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        String list = "/api/v1/namespaces/" + NS + "/configmaps";
        try (ApiNarrator api = new ApiNarrator(lab)) {
            out.step("Start clean, then create two ConfigMaps");
            api.startClean(NS);
            api.post("/api/v1/namespaces", LabObjects.namespace(NS));
            ApiNarrator.Reply a = api.post(list, LabObjects.configMap("cm-a", "v1"));
            api.showObject(a);
            ApiNarrator.Reply b = api.post(list, LabObjects.configMap("cm-b", "v1"));
            api.showObject(b);

            out.step("Change cm-a directly in etcd, and write an unrelated key");
            String cmA = PREFIX + "cm-a";
            long changed = api.etcdEdit(cmA, "\"k\":\"v1\"", "\"k\":\"v2\"");
            long unrelated = api.etcdPut("/rvlab/lab-2.2/unrelated", "x");

            out.step("List the ConfigMaps, and read the same prefix in etcd");
            ApiNarrator.Reply latest = api.get(list);
            api.showList(latest);
            long header = api.etcdKeys(PREFIX);
            out.check(latest.rv() == header && header == unrelated,
                    "the list's resourceVersion " + latest.rv() + " is etcd's header revision, made by the unrelated write");
            out.check(latest.rv() != changed && latest.rv() != b.rv(),
                    "it is not any item's resourceVersion: items keep their own (" + changed + " and " + b.rv() + ")");

            out.step("resourceVersion=0 and NotOlderThan: the latest will do");
            ApiNarrator.Reply any = api.get(list + "?resourceVersion=0");
            api.showList(any);
            ApiNarrator.Reply notOlder = api.get(list + "?resourceVersion=" + a.rv() + "&resourceVersionMatch=NotOlderThan");
            api.showList(notOlder);
            out.say("This server has no watch cache, so \"0\" (any version) reads the latest from etcd. A real");
            out.say("kube-apiserver answers it from its cache, which may be behind (chapter 4).");
            out.check(any.names().equals(List.of("cm-a", "cm-b")) && notOlder.rv() == unrelated,
                    "both read the latest state, at revision " + unrelated);

            out.step("resourceVersionMatch=Exact: the list as it was");
            ApiNarrator.Reply exact = api.get(list + "?resourceVersion=" + a.rv() + "&resourceVersionMatch=Exact");
            api.showList(exact);
            out.check(exact.rv() == a.rv() && exact.names().equals(List.of("cm-a")),
                    "at revision " + a.rv() + " only cm-a existed, and the list says resourceVersion " + a.rv());
            out.check(exact.json().path("items").get(0).path("data").path("k").asText().equals("v1"),
                    "and cm-a shows its old data, v1, with its old resourceVersion " + a.rv());
            ApiNarrator.Reply legacy = api.get(list + "?resourceVersion=" + a.rv() + "&limit=10");
            api.showList(legacy);
            out.check(legacy.rv() == a.rv(),
                    "a limit with a resourceVersion and no match means Exact too (the legacy rule)");

            out.step("A single GET has no Exact");
            ApiNarrator.Reply get = api.get(list + "/cm-a?resourceVersion=" + a.rv());
            api.showObject(get);
            out.check(get.rv() == changed, "GET with resourceVersion " + a.rv() + " means \"not older than\": the latest, " + changed);

            out.step("Combinations the API refuses");
            ApiNarrator.Reply noRv = api.get(list + "?resourceVersionMatch=NotOlderThan");
            api.showStatus(noRv);
            ApiNarrator.Reply exactZero = api.get(list + "?resourceVersion=0&resourceVersionMatch=Exact");
            api.showStatus(exactZero);
            out.check(noRv.code() == 422 && exactZero.code() == 422, "422 Invalid, as kube-apiserver answers");

            out.step("The whole matrix, one request for each combination");
            out.say("First a page and its continue token, then one more unrelated write: N, the token's");
            out.say("revision and etcd's revision become three different numbers.");
            ApiNarrator.Reply firstPage = api.get(list + "?limit=1");
            api.showList(firstPage);
            String token = firstPage.continueToken();
            long now = api.etcdPut("/rvlab/lab-2.2/unrelated", "y");
            out.say("Below, each request line is followed by three answers: with no resourceVersion,");
            out.say("with resourceVersion=0 and with N = " + a.rv() + ". TOKEN stands for the continue token above;");
            out.say("the third answer of the limit=1 row, for example, answers");
            out.say("$ curl -s \"" + ApiNarrator.SERVER + list + "?resourceVersion=" + a.rv() + "&limit=1\"");
            RvMatrix matrix = new RvMatrix("Lab 2.2: GET and LIST at every resourceVersion", list, "cm-a",
                    a.rv(), firstPage.rv(), now);
            for (Combination combination : MATRIX) {
                matrix.add(ask(api, list, combination, a.rv(), token));
            }
            for (String line : matrix.table()) {
                out.show("%s", line);
            }
            long after = api.revision();
            out.check(after == now, "reads write nothing: etcd is still at revision " + now);
            checkMeanings(out, matrix, changed, b.rv());
            Path diagram = lab.artifacts().resolve(DIAGRAM);
            RvMatrixSvg.write(matrix, diagram);
            out.check(Files.size(diagram) > 0, "the same matrix drawn as " + DIAGRAM + " in the lab's artifacts");
        }
        out.conclude("a list's resourceVersion is the etcd revision it was read at: a moment of the whole store, "
                + "often made by a write to something else entirely. Exact, and every page after the first, read one fixed "
                + "moment from etcd's history; the other modes read the latest and only promise it is not older than "
                + "what you asked for.");
    }

    /** Makes the three requests of one row and records what came back. */
    private static RvMatrix.Row ask(ApiNarrator api, String list, Combination row, long n, String token) {
        List<RvMatrix.Cell> cells = new ArrayList<>();
        for (Column column : Column.values()) {
            List<String> params = new ArrayList<>();
            switch (column) {
                case ZERO -> params.add("resourceVersion=0");
                case N -> params.add("resourceVersion=" + n);
                default -> { }
            }
            if (!row.match().isEmpty()) {
                params.add("resourceVersionMatch=" + row.match());
            }
            if (row.paging().equals("limit=1")) {
                params.add("limit=1");
            } else if (row.paging().equals("continue")) {
                params.add("continue=$TOKEN");
            }
            String query = String.join("&", params);
            String path = (row.verb().equals("GET") ? list + "/cm-a" : list)
                    + (query.isEmpty() ? "" : "?" + query.replace("$TOKEN", token));
            ApiNarrator.Reply reply = api.fetch(path);
            Meaning meaning = row.meanings().get(column.ordinal());
            if (reply.code() != 200) {
                List<String> causes = new ArrayList<>();
                reply.json().path("details").path("causes").forEach(cause -> causes.add(cause.path("message").asText()));
                if (causes.isEmpty()) {
                    causes.add(reply.json().path("message").asText());
                }
                cells.add(new RvMatrix.Cell(column, query, meaning, reply.code(), reply.json().path("reason").asText(),
                        causes, 0, List.of(), false));
                continue;
            }
            List<String> items = new ArrayList<>();
            if (row.verb().equals("GET")) {
                items.add(reply.json().path("metadata").path("name").asText() + " " + reply.resourceVersion());
            } else {
                reply.json().path("items").forEach(item -> items.add(item.path("metadata").path("name").asText() + " "
                        + item.path("metadata").path("resourceVersion").asText()));
            }
            cells.add(new RvMatrix.Cell(column, query, meaning, 200, "", List.of(), reply.rv(), items,
                    !reply.continueToken().isEmpty()));
        }
        return new RvMatrix.Row(row.verb(), row.match(), row.paging(), cells);
    }

    /** One claim per meaning: every request of the matrix kept the promise Kubernetes documents for it. */
    private static void checkMeanings(Narrator out, RvMatrix matrix, long cmA, long cmB) {
        long etcd = matrix.etcdRevision();
        long n = matrix.n();
        boolean allKept = matrix.rows().stream().allMatch(row -> row.cells().stream().allMatch(cell -> matrix.kept(row, cell)));
        RvMatrix.Row get = matrix.rows().get(0);
        out.check(get.cells().stream().allMatch(cell -> cell.code() == 200 && cell.resourceVersion() == cmA),
                "GET: cm-a at its own resourceVersion " + cmA + " in all three columns: a GET has no Exact");
        out.check(matrix.listCells(MOST_RECENT).stream().allMatch(cell -> cell.resourceVersion() == etcd),
                "Most Recent: resourceVersion " + etcd + ", etcd's revision at the read, with or without a limit");
        out.check(matrix.listCells(ANY).stream().allMatch(cell -> cell.code() == 200 && cell.resourceVersion() == etcd),
                "Any: also " + etcd + " here, read from etcd, and limit=1 is honoured (no watch cache yet)");
        out.check(matrix.listCells(NOT_OLDER_THAN).stream().allMatch(cell -> cell.resourceVersion() == etcd),
                "Not older than " + n + ": the latest, " + etcd + "; cm-a " + cmA + " and cm-b " + cmB + " keep their own");
        out.check(matrix.listCells(EXACT).stream().allMatch(cell -> cell.resourceVersion() == n
                        && cell.items().equals(List.of("cm-a " + n))),
                "Exact: resourceVersion " + n + " and only cm-a " + n + ", the list as it was, with or without limit=1");
        out.check(matrix.listCells(CONTINUATION).stream().allMatch(cell -> cell.resourceVersion() == matrix.tokenRevision()
                        && cell.items().equals(List.of("cm-b " + cmB))),
                "Continuation: cm-b, at the token's revision " + matrix.tokenRevision() + " (etcd is at " + etcd
                        + "), with or without \"0\"");
        List<RvMatrix.Cell> refused = matrix.listCells(REFUSED);
        out.check(refused.stream().allMatch(cell -> cell.code() == 422 || cell.code() == 400),
                refused.size() + " combinations refused: 422 for a misused resourceVersionMatch, 400 for N with a token");
        out.check(allKept, "every answer kept the promise of its cell in Kubernetes' table");
    }
}
