package io.rvlab.ch03.bench;

import io.rvlab.support.text.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The benchmark as an aligned plain-text table: a header naming what ran where, one row per cell
 * (contention and clients) with both paths side by side and their ratio, then the target and
 * whether this run met it.
 */
public final class BenchTable {

    private BenchTable() {
    }

    public static String render(BenchRun run) {
        TextTable table = new TextTable()
                .group("", "objects", "clients")
                .group("raw etcd: GET + Txn", "updates/s", "conflicts/s", "p50 Txn", "p99 Txn")
                .group("API server: GET + PUT over HTTP", "updates/s", "conflicts/s", "p50 PUT", "p99 PUT")
                .group("", "API/raw");
        for (Contention contention : Contention.values()) {
            for (int clients : run.clientCounts()) {
                CellResult raw = run.cell(BenchRun.RAW, contention, clients).orElse(null);
                CellResult api = run.cell(BenchRun.API, contention, clients).orElse(null);
                if (raw == null && api == null) {
                    continue;
                }
                List<String> row = new ArrayList<>(List.of(contention.label(), Integer.toString(clients)));
                row.addAll(cells(raw));
                row.addAll(cells(api));
                row.add(run.ratio(contention, clients).map(r -> fmt("%.2f", r)).orElse("-"));
                table.row(row.toArray(String[]::new));
            }
        }

        StringBuilder out = new StringBuilder();
        out.append("Update throughput: raw etcd vs the newest API server (./course bench update)\n");
        out.append(fmt("etcd %s, %s%n", run.etcdVersion(), run.etcd()));
        out.append(fmt("API server: %s%n", run.server()));
        out.append(fmt("clients: this benchmark's JVM, both paths; %d cores (etcd, API server and clients share them), %s%n",
                run.cores(), run.java()));
        out.append(fmt("each cell: %s s settling, then %s s measured (after a %s s warm-up per path); run started %s%n",
                seconds(run.settleSeconds()), seconds(run.seconds()), seconds(run.warmupSeconds()), run.date()));
        out.append(fmt("API server's clients: %s, HTTP/1.1 kept alive, one connection per client%n", run.httpClient()));
        out.append('\n');

        out.append(table.render());
        out.append('\n');
        out.append("update: GET the ConfigMap, increment data.counter, write it back only if nobody wrote it since\n");
        out.append("  (raw: Txn if mod_revision is the one read; API server: PUT with the resourceVersion read).\n");
        out.append("conflicts/s: writes that lost that race (Txn failed / 409 Conflict); each client then reads again.\n");
        out.append("p50/p99: latency of the conditional write alone (Txn / PUT), over every attempt.\n");
        Optional<CellResult> raw = run.cell(BenchRun.RAW, Contention.DISTINCT, BenchRun.TARGET_CLIENTS);
        Optional<CellResult> api = run.cell(BenchRun.API, Contention.DISTINCT, BenchRun.TARGET_CLIENTS);
        if (raw.isPresent() && api.isPresent()) {
            out.append(fmt("CPU per attempt at %d clients on distinct objects (etcd's own in neither):%n"
                    + "  clients' JVM: raw etcd %d us, API server %d us", BenchRun.TARGET_CLIENTS,
                    raw.get().jvmCpuMicrosPerAttempt(), api.get().jvmCpuMicrosPerAttempt()));
            api.get().serverCpuMicrosPerAttempt().ifPresentOrElse(
                    us -> out.append(fmt("; the API server's JVM %d us.%n", us)),
                    () -> out.append(".\n"));
        }
        for (CellResult c : run.cells()) {
            if (c.errors() > 0) {
                out.append(fmt("ERRORS: %s, %s, %d clients: %d errors, first: %s%n", c.path(),
                        c.contention().label(), c.clients(), c.errors(), c.firstError()));
            }
        }
        out.append('\n').append(verdict(run)).append('\n');
        return out.toString();
    }

    /** The target and whether this run met it. */
    public static String verdict(BenchRun run) {
        String target = fmt("Target, %d clients, distinct objects: API server/raw etcd >= %.2f "
                + "(a real kube-apiserver 1.26.1 reached %.2f on this machine's etcd).",
                BenchRun.TARGET_CLIENTS, BenchRun.TARGET_RATIO, BenchRun.KUBE_APISERVER_RATIO);
        String result = run.targetRatio()
                .map(r -> fmt("This run: %.1f / %.1f updates/s = %.2f: %s.",
                        run.cell(BenchRun.API, Contention.DISTINCT, BenchRun.TARGET_CLIENTS).orElseThrow().updatesPerSecond(),
                        run.cell(BenchRun.RAW, Contention.DISTINCT, BenchRun.TARGET_CLIENTS).orElseThrow().updatesPerSecond(),
                        r, run.targetMet() ? "met" : "missed"))
                .orElse(fmt("This run did not measure %d clients on distinct objects.", BenchRun.TARGET_CLIENTS));
        return target + "\n" + result;
    }

    private static List<String> cells(CellResult c) {
        if (c == null) {
            return List.of("-", "-", "-", "-");
        }
        return List.of(fmt("%.1f", c.updatesPerSecond()), fmt("%.1f", c.conflictsPerSecond()),
                millis(c.p50Micros()), millis(c.p99Micros()));
    }

    static String millis(long micros) {
        double ms = micros / 1000.0;
        return ms >= 100 ? fmt("%.0f ms", ms) : ms >= 10 ? fmt("%.1f ms", ms) : fmt("%.2f ms", ms);
    }

    static String seconds(double s) {
        return s == Math.rint(s) ? fmt("%.0f", s) : fmt("%.1f", s);
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
