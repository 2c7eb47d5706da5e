package io.rvlab.ch07.bench;

import io.rvlab.ch03.bench.BenchRun;
import io.rvlab.ch03.bench.CellResult;
import io.rvlab.support.text.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code ./course bench members} as a plain-text table: per client count, one row per cluster size
 * with raw etcd and the API server side by side and their ratio, then a row of the larger cluster's
 * updates/s over the smallest's for each path.
 */
public final class MembersTable {

    private MembersTable() {
    }

    public static String render(MembersRun run) {
        TextTable table = new TextTable()
                .group("", "members", "clients")
                .group("raw etcd: GET + Txn", "updates/s", "p50 Txn", "p99 Txn")
                .group("API server: GET + PUT", "updates/s", "p50 PUT", "p99 PUT")
                .group("", "API/raw");
        for (int clients : run.clientCounts()) {
            for (int size : run.members()) {
                List<String> row = new ArrayList<>(List.of(Integer.toString(size), Integer.toString(clients)));
                row.addAll(cells(run.cell(BenchRun.RAW, size, clients)));
                row.addAll(cells(run.cell(BenchRun.API, size, clients)));
                row.add(ratio(run.apiToRaw(size, clients)));
                table.row(row.toArray(String[]::new));
            }
            for (int size : run.members().subList(1, run.members().size())) {
                table.row(size + "/" + run.smallest(), Integer.toString(clients),
                        ratio(run.toSmallest(BenchRun.RAW, size, clients)), "", "",
                        ratio(run.toSmallest(BenchRun.API, size, clients)), "", "", "");
            }
        }

        BenchRun first = run.runs().get(0);
        StringBuilder out = new StringBuilder();
        out.append(fmt("Updates per second on %s etcd members: raw etcd and the newest API server (./course bench members)%n",
                sizes(run)));
        out.append(fmt("etcd %s, %s: a cluster of its own for each size, started in turn (smallest first)%n",
                first.etcdVersion(), run.etcd()));
        for (int size : run.members()) {
            out.append(fmt("on %d member%s: API server %s%n", size, size == 1 ? "" : "s", run.run(size).server()));
        }
        out.append("  (its etcd client is given every member, as kube-apiserver's --etcd-servers; raw etcd's too)\n");
        out.append(fmt("clients: this benchmark's JVM, both paths, %s for the API server; %d cores shared by every"
                + " member, the API server and the clients; %s%n", first.httpClient(), first.cores(), first.java()));
        out.append(fmt("each cell: %s s settling, then %s s measured (after a %s s warm-up per path and cluster);"
                + " run started %s%n", seconds(first.settleSeconds()), seconds(first.seconds()),
                seconds(first.warmupSeconds()), first.date()));
        out.append('\n');
        out.append(table.render());
        out.append('\n');
        out.append("update: GET a ConfigMap of the client's own (distinct objects), increment a counter, write it back only\n");
        out.append("  if nobody wrote it since (raw: Txn on mod_revision; API server: PUT with the resourceVersion read).\n");
        out.append("p50/p99: latency of the conditional write alone (Txn / PUT).\n");
        out.append(fmt("%d/%d: updates/s on %d members over updates/s on %d, for each path (below 1: the larger cluster"
                + " is slower).%n", run.largest(), run.smallest(), run.largest(), run.smallest()));
        out.append("Every member here runs on this one machine: a larger cluster adds a quorum round trip to each write\n");
        out.append("  and shares the same cores and disk, so these ratios are not those of members on machines of their own.\n");
        for (int size : run.members()) {
            for (CellResult c : run.run(size).cells()) {
                if (c.errors() > 0) {
                    out.append(fmt("ERRORS: %s on %d members, %d clients: %d errors, first: %s%n", c.path(), size,
                            c.clients(), c.errors(), c.firstError()));
                }
            }
        }
        return out.toString();
    }

    private static String sizes(MembersRun run) {
        List<String> names = run.members().stream().map(n -> n == 1 ? "one" : n == 3 ? "three" : Integer.toString(n))
                .toList();
        return names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    private static List<String> cells(Optional<CellResult> cell) {
        return cell.map(c -> List.of(fmt("%.1f", c.updatesPerSecond()), millis(c.p50Micros()), millis(c.p99Micros())))
                .orElse(List.of("-", "-", "-"));
    }

    static String ratio(Optional<Double> ratio) {
        return ratio.map(r -> fmt("%.2f", r)).orElse("-");
    }

    static String millis(long micros) {
        double ms = micros / 1000.0;
        return ms >= 100 ? fmt("%.0f ms", ms) : ms >= 10 ? fmt("%.1f ms", ms) : fmt("%.2f ms", ms);
    }

    static String seconds(double s) {
        return s == Math.rint(s) ? fmt("%.0f", s) : fmt("%.1f", s);
    }

    static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
