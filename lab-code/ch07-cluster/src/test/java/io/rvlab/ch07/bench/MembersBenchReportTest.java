package io.rvlab.ch07.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch03.bench.BenchRun;
import io.rvlab.ch03.bench.CellResult;
import io.rvlab.ch03.bench.Contention;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The benchmark's command line and its report (table, chart, JSON), on made-up results: no etcd, no timing. */
class MembersBenchReportTest {

    @Test
    @DisplayName("--quick measures 1.5 s per cell at 1 and 64 clients; the defaults are 10 s at 1, 16 and 64, on 1 and 3 members")
    void quickAndDefaults() {
        MembersBenchOptions quick = MembersBenchOptions.parse("--quick", "--out", "/tmp/x");
        assertThat(quick.seconds()).isEqualTo(1.5);
        assertThat(quick.clients()).containsExactly(1, 64);
        assertThat(quick.out()).isEqualTo(Path.of("/tmp/x"));
        assertThat(quick.onCluster(3).out()).isEqualTo(Path.of("/tmp/x/members-3"));
        assertThat(quick.onCluster(3).contentions()).containsExactly(Contention.DISTINCT);
        MembersBenchOptions full = MembersBenchOptions.parse();
        assertThat(full.seconds()).isEqualTo(10);
        assertThat(full.clients()).containsExactly(1, 16, 64);
        assertThat(full.members()).containsExactly(1, 3);
    }

    @Test
    @DisplayName("A bad value names its option; cluster sizes must be listed smallest first")
    void badOptions() {
        assertThatThrownBy(() -> MembersBenchOptions.parse("--members", "3,1")).hasMessageContaining("--members");
        assertThatThrownBy(() -> MembersBenchOptions.parse("--clients", "many")).hasMessageContaining("--clients");
        assertThatThrownBy(() -> MembersBenchOptions.parse("--fast")).hasMessageContaining("unknown option --fast");
    }

    @Test
    @DisplayName("The table has a row per cluster size with API/raw, and a 3/1 row with each path's ratio")
    void table() {
        String table = MembersTable.render(run());
        // 1 member: raw 2000, API 800 -> 0.40; 3 members: raw 1000, API 500 -> 0.50; 3/1: raw 0.50, API 0.63
        assertThat(lineOf(table, "1 ")).contains("2000.0", "800.0", "0.40", "1.00 ms", "12.0 ms");
        assertThat(lineOf(table, "3 ")).contains("1000.0", "500.0", "0.50", "150 ms");
        assertThat(lineOf(table, "3/1")).contains("0.50", "0.63");
        assertThat(table).contains("one and three etcd members", "on 3 members: API server io.rvlab.ch07",
                "not those of members on machines of their own");
        assertThat(table).doesNotContain("ERRORS");
    }

    @Test
    @DisplayName("A cell with errors is reported under the table with its cluster size")
    void errors() {
        MembersRun run = new MembersRun(List.of(1, 3), List.of(benchRun(1, 2000, 800, 0),
                benchRun(3, 1000, 500, 7)), "fresh containers");
        assertThat(run.anyErrors()).isTrue();
        assertThat(MembersTable.render(run)).contains("ERRORS: API server on 3 members, 64 clients: 7 errors, first: boom");
    }

    @Test
    @DisplayName("The chart is well-formed SVG with each path's 3/1 ratio; the JSON has the ratios and both runs")
    void chartAndJson() throws Exception {
        MembersRun run = run();
        String svg = MembersChart.render(run);
        DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertThat(svg).contains("3/1 members: 0.50", "3/1 members: 0.63", "API/raw: 0.40 on 1 member, 0.50 on 3 members");
        assertThat(svg).isEqualTo(MembersChart.render(run));
        JsonNode json = run.toJson();
        assertThat(json.path("runs")).hasSize(2);
        assertThat(json.path("ratios").get(1).path("rawToSmallest").asDouble()).isEqualTo(0.5);
        assertThat(json.path("ratios").get(1).path("apiToRaw").asDouble()).isEqualTo(0.5);
    }

    private static String lineOf(String table, String start) {
        return table.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow();
    }

    private static MembersRun run() {
        return new MembersRun(List.of(1, 3), List.of(benchRun(1, 2000, 800, 0), benchRun(3, 1000, 500, 0)),
                "fresh containers localhost/rvlab-etcd:local");
    }

    private static BenchRun benchRun(int members, long rawPerSecond, long apiPerSecond, long apiErrors) {
        double seconds = 2;
        List<CellResult> cells = List.of(
                new CellResult(BenchRun.RAW, Contention.DISTINCT, 64, seconds, (long) (rawPerSecond * seconds), 0, 0,
                        members * 1_000L, 12_000, 1_000_000, -1, null),
                new CellResult(BenchRun.API, Contention.DISTINCT, 64, seconds, (long) (apiPerSecond * seconds), 0,
                        apiErrors, members * 50_000L, 150_000, 1_000_000, 2_000_000, apiErrors > 0 ? "boom" : null));
        return new BenchRun("3.4.23", "external etcd", 2, "OpenJDK 17", "2026-11-27T01:00:00Z",
                "io.rvlab.ch07.server.ApiServerMain in its own JVM (pid 1) at http://127.0.0.1:1", 4, 0.5, seconds,
                List.of(64), cells, "HttpURLConnection");
    }
}
