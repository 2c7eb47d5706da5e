package io.rvlab.ch03.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The benchmark's reports from made-up results: no etcd, no timing, only the formatting. */
@DisplayName("benchmark reports: the table, the chart, the JSON and the options")
class BenchReportTest {

    /** A run with every cell, the API server at {@code apiShare} of raw etcd everywhere. */
    static BenchRun run(double apiShare) {
        List<CellResult> cells = new ArrayList<>();
        for (Contention contention : Contention.values()) {
            for (int clients : BenchOptions.DEFAULT_CLIENTS) {
                long raw = contention == Contention.DISTINCT ? 100L * clients : 300;
                long conflicts = contention == Contention.DISTINCT || clients == 1 ? 0 : 40L * clients;
                cells.add(new CellResult(BenchRun.RAW, contention, clients, 10, raw * 10, conflicts * 10, 0,
                        1_200, 9_800, 1_000_000_000L, 5_000_000L, null));
                cells.add(new CellResult(BenchRun.API, contention, clients, 10, Math.round(raw * 10 * apiShare),
                        conflicts * 5, 0, 3_456, 123_456, 3_000_000_000L, 4_000_000_000L, null));
            }
        }
        return new BenchRun("3.4.23", "fresh container localhost/rvlab-etcd:local at http://127.0.0.1:32768", 2,
                "OpenJDK 64-Bit Server VM 17.0.15", "2026-11-23T03:00:00Z",
                "io.rvlab.ch06.server.ApiServerMain in its own JVM (pid 42) at http://127.0.0.1:40000", 10, 3, 10,
                BenchOptions.DEFAULT_CLIENTS, cells,
                "HttpURLConnection");
    }

    @Test
    @DisplayName("the table names where it ran, aligns every row, and states the target and whether it was met")
    void table() {
        String table = BenchTable.render(run(0.85));

        assertThat(table).contains("etcd 3.4.23, fresh container localhost/rvlab-etcd:local at http://127.0.0.1:32768")
                .contains("2 cores").contains("3 s settling, then 10 s measured (after a 10 s warm-up per path)")
                .contains("API server: io.rvlab.ch06.server.ApiServerMain in its own JVM (pid 42)")
                .contains("Target, 64 clients, distinct objects: API server/raw etcd >= 0.80")
                .contains("kube-apiserver 1.26.1 reached 0.51")
                .contains("API server's clients: HttpURLConnection, HTTP/1.1 kept alive")
                .contains("This run: 5440.0 / 6400.0 updates/s = 0.85: met.")
                .contains("clients' JVM: raw etcd 15 us, API server 55 us; the API server's JVM 73 us.");
        List<String> rows = table.lines().filter(l -> l.matches("(distinct|contended) +\\d+ \\|.*")).toList();
        assertThat(rows).hasSize(6);
        assertThat(rows).allSatisfy(row -> assertThat(row).hasSize(rows.get(0).length()));
        assertThat(rows.get(2)).startsWith("distinct        64 |").contains("6400.0").contains("5440.0")
                .contains("1.20 ms").contains("9.80 ms").contains("3.46 ms").contains("123 ms").endsWith("0.85");
        // the column separators line up from the header to the last row
        String header = table.lines().filter(l -> l.startsWith("objects")).findFirst().orElseThrow();
        assertThat(header.indexOf('|')).isEqualTo(rows.get(0).indexOf('|'));
        assertThat(header.lastIndexOf('|')).isEqualTo(rows.get(0).lastIndexOf('|'));
    }

    @Test
    @DisplayName("a run below the target says so")
    void targetMissed() {
        BenchRun run = run(0.5);
        assertThat(run.targetMet()).isFalse();
        assertThat(BenchTable.render(run)).contains("= 0.50: missed.");
    }

    @Test
    @DisplayName("the target is judged as the table prints the ratio: 0.8 is met, 0.79 is missed")
    void targetEdge() {
        assertThat(BenchRun.meetsTarget(0.8)).isTrue();
        assertThat(BenchRun.meetsTarget(0.7999)).isTrue();
        assertThat(BenchRun.meetsTarget(0.794)).isFalse();
        assertThat(run(0.79).targetMet()).isFalse();
    }

    @Test
    @DisplayName("without a server process to look at (--server URL), the table leaves out the server's CPU")
    void serverCpuUnknown() {
        BenchRun measured = run(0.85);
        List<CellResult> cells = measured.cells().stream().map(c -> new CellResult(c.path(), c.contention(), c.clients(),
                c.seconds(), c.updates(), c.conflicts(), c.errors(), c.p50Micros(), c.p99Micros(), c.jvmCpuNanos(), -1,
                c.firstError())).toList();
        BenchRun run = new BenchRun(measured.etcdVersion(), measured.etcd(), measured.cores(), measured.java(),
                measured.date(), "the API server at http://127.0.0.1:8080 (started elsewhere: its own JVM)",
                measured.warmupSeconds(), measured.settleSeconds(), measured.seconds(), measured.clientCounts(), cells,
                measured.httpClient());
        assertThat(BenchTable.render(run)).contains("raw etcd 15 us, API server 55 us.\n")
                .doesNotContain("the API server's JVM");
        assertThat(run.toJson().path("cells").get(5).has("apiServerCpuMicrosPerAttempt")).isFalse();
    }

    @Test
    @DisplayName("the chart is well-formed SVG, self-contained, with a bar per path and cell, and deterministic")
    void chart() throws Exception {
        String svg = BenchChart.render(run(0.85));

        Document doc = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertThat(doc.getDocumentElement().getTagName()).isEqualTo("svg");
        long bars = svg.lines().filter(l -> l.contains("fill=\"#94a3b8\"") || l.contains("fill=\"#4338ca\""))
                .filter(l -> l.contains("<rect")).count();
        assertThat(bars).isEqualTo(2 + 12); // two legend swatches, then raw and API for 6 cells
        assertThat(svg).contains("API/raw 0.85").contains("64 clients").contains("1 client<")
                .doesNotContain("href").doesNotContain("@import").doesNotContain("url(");
        assertThat(svg.replace("http://www.w3.org/2000/svg", "")).doesNotContain("http://www")
                .doesNotContain("https://");
        assertThat(BenchChart.render(run(0.85))).isEqualTo(svg);
    }

    @Test
    @DisplayName("the JSON has every cell with its numbers, the ratio and the verdict")
    void json() {
        var json = run(0.85).toJson();
        assertThat(json.path("cells")).hasSize(12);
        assertThat(json.path("target").path("met").asBoolean()).isTrue();
        assertThat(json.path("target").path("measuredRatio").asDouble()).isEqualTo(0.85, org.assertj.core.data.Offset.offset(1e-9));
        var api64 = json.path("cells").get(5);
        assertThat(api64.path("path").asText()).isEqualTo("API server");
        assertThat(api64.path("clients").asInt()).isEqualTo(64);
        assertThat(api64.path("writeLatencyP99Micros").asLong()).isEqualTo(123_456);
        assertThat(api64.path("ratioToRaw").asDouble()).isEqualTo(0.85, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    @DisplayName("percentiles come from log-linear buckets within 1.6 %")
    void histogram() {
        LatencyHistogram h = new LatencyHistogram();
        assertThat(h.percentile(50)).isZero();
        for (int micros = 1; micros <= 100_000; micros++) {
            h.record(micros);
        }
        assertThat(h.count()).isEqualTo(100_000);
        assertThat((double) h.percentile(50)).isCloseTo(50_000, org.assertj.core.data.Percentage.withPercentage(1.6));
        assertThat((double) h.percentile(99)).isCloseTo(99_000, org.assertj.core.data.Percentage.withPercentage(1.6));
        assertThat(h.percentile(100)).isLessThanOrEqualTo(100_000);
        LatencyHistogram small = new LatencyHistogram();
        small.record(7);
        small.add(h);
        assertThat(small.count()).isEqualTo(100_001);
        assertThat(small.percentile(0.0001)).isEqualTo(1);
    }

    @Test
    @DisplayName("options: defaults for a user run, --quick for the build, mistakes named")
    void options() {
        BenchOptions defaults = BenchOptions.parse();
        assertThat(defaults.seconds()).isEqualTo(10);
        assertThat(defaults.clients()).containsExactly(1, 16, 64);
        assertThat(defaults.out()).isEqualTo(Path.of("target", "bench"));
        BenchOptions quick = BenchOptions.parse("--quick", "--out", "/tmp/x");
        assertThat(quick.seconds()).isLessThan(2);
        assertThat(quick.out()).isEqualTo(Path.of("/tmp/x"));
        assertThat(BenchOptions.parse("--quick", "--seconds", "4").seconds()).isEqualTo(4);
        assertThat(defaults.warmupSeconds()).isEqualTo(10);
        assertThat(quick.warmupSeconds()).isLessThan(defaults.warmupSeconds());
        assertThat(BenchOptions.parse("--warmup", "2", "--settle", "1")).satisfies(o -> {
            assertThat(o.warmupSeconds()).isEqualTo(2);
            assertThat(o.settleSeconds()).isEqualTo(1);
        });
        assertThat(defaults.server()).isNull();
        assertThat(BenchOptions.parse("--server", "http://127.0.0.1:8080/").server())
                .hasToString("http://127.0.0.1:8080");
        assertThatThrownBy(() -> BenchOptions.parse("--server", "localhost")).hasMessageContaining("needs a URL");
        assertThat(BenchOptions.parse("--clients", "2,8", "--objects", "contended", "--only", "api"))
                .satisfies(o -> {
                    assertThat(o.clients()).containsExactly(2, 8);
                    assertThat(o.contentions()).containsExactly(Contention.CONTENDED);
                    assertThat(o.paths()).containsExactly(BenchRun.API);
                });
        assertThat(defaults.http()).isEqualTo(LoadClient.DEFAULT);
        assertThat(BenchOptions.parse("--http", "jdk").http()).isEqualTo(LoadClient.JAVA_NET_HTTP);
        assertThat(BenchOptions.parse("--http", "urlconnection").http()).isEqualTo(LoadClient.URL_CONNECTION);
        assertThatThrownBy(() -> BenchOptions.parse("--http", "okhttp")).hasMessage("--http: urlconnection or jdk");
        assertThatThrownBy(() -> BenchOptions.parse("--fast")).hasMessage("unknown option --fast");
        assertThatThrownBy(() -> BenchOptions.parse("--seconds")).hasMessage("--seconds needs a value");
        assertThatThrownBy(() -> BenchOptions.parse("--seconds", "ten")).hasMessage("--seconds: not a number: ten");
        assertThatThrownBy(() -> BenchOptions.parse("--seconds", "0")).hasMessageContaining("above 0");
    }
}
