package io.rvlab.ch04.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("./course bench watch: the table, the chart and the JSON of a run")
class WatchBenchReportTest {

    private static WatchCellResult cell(WatchMode mode, int watchers, long acked, long p99Micros, int etcdWatches) {
        return new WatchCellResult(mode, watchers, 10, 2000, acked, acked, 0, acked * watchers, acked * watchers, 0,
                p99Micros / 4, p99Micros, p99Micros * 2, etcdWatches, 2_000, 5_000, 1_000_000_000, 2_000_000_000,
                java.util.Map.of(), 0, null);
    }

    /** A cell of the sustained row set: 1000 watchers, 200 writes in 10 s. */
    private static WatchCellResult sustained(WatchMode mode, long acked, long p99Micros, long missing, int failed) {
        return new WatchCellResult(mode, 1000, 10, 200, acked, acked, 0, acked * 1000, acked * 1000, missing,
                p99Micros / 4, p99Micros, p99Micros * 2, 8, 2_000, 5_000, 1_000_000_000, -1, java.util.Map.of(),
                failed, failed > 0 ? "watch stream ended" : null);
    }

    private static WatchBenchRun withSustained(WatchCellResult... cells) {
        WatchBenchRun base = run(60_000, 1995);
        return new WatchBenchRun(base.etcdVersion(), base.etcd(), base.cores(), base.java(), base.date(), base.server(),
                base.warmupSeconds(), base.settleSeconds(), base.seconds(), base.rate(), base.watcherCounts(), base.cells(),
                WatchBenchOptions.Sustained.DEFAULT, List.of(cells));
    }

    private static WatchBenchRun run(long cacheP99At1000, long cacheAckedAt1000) {
        return new WatchBenchRun("3.4.23", "fresh container", 2, "OpenJDK 17", "2026-11-23T07:00:00Z",
                "io.rvlab.ch06.server.ApiServerMain in its own JVM (pid 42) at http://127.0.0.1:40000", 6, 3, 10, 200,
                List.of(1, 100, 1000), List.of(
                        cell(WatchMode.DIRECT, 1, 2000, 2_000, 1), cell(WatchMode.CACHE, 1, 2000, 3_000, 1),
                        cell(WatchMode.DIRECT, 100, 1990, 20_000, 100), cell(WatchMode.CACHE, 100, 2000, 8_000, 1),
                        cell(WatchMode.DIRECT, 1000, 900, 400_000, 1000),
                        cell(WatchMode.CACHE, 1000, cacheAckedAt1000, cacheP99At1000, 1)), null, List.of());
    }

    @Test
    @DisplayName("the table has a row per cell, both modes side by side, and says whether the target was met")
    void table() {
        String met = WatchBenchTable.render(run(60_000, 1995));
        assertThat(met).contains("watch cache", "direct etcd", "etcd watches", "target met.")
                .contains("API server: io.rvlab.ch06.server.ApiServerMain in its own JVM (pid 42)")
                .contains("write sent -> event parsed")
                .contains("watch cache: API server's JVM 1 us, watchers' JVM 0 us");
        assertThat(met.lines().filter(l -> l.matches("\\s+(1|100|1000)  (watch cache|direct etcd).*"))).hasSize(6);
        assertThat(WatchBenchTable.render(run(150_000, 1995))).contains("target missed.");
        assertThat(WatchBenchTable.render(run(60_000, 1500))).as("the writer fell below its rate")
                .contains("target missed.");
        assertThat(met).as("no sustained row set in this run").doesNotContain("20 writes/s for 10 s");
    }

    @Test
    @DisplayName("the 1,000-watcher row set: writes out of 200, each target met or missed, and the verdict")
    void sustainedRows() {
        String met = WatchBenchTable.render(withSustained(sustained(WatchMode.CACHE, 198, 40_000, 0, 0),
                sustained(WatchMode.DIRECT, 150, 300_000, 0, 0)));
        assertThat(met).contains("1,000 watchers, one writer at 20 writes/s for 10 s")
                .contains("This run: 198/200 writes, p99 40.0 ms, 0 events lost: met.");
        String cacheRow = met.lines().filter(l -> l.startsWith("watch cache  ") && l.contains("/200")).findFirst()
                .orElseThrow();
        assertThat(cacheRow).contains("198/200", "met (>= 190)");
        String directRow = met.lines().filter(l -> l.startsWith("direct etcd  ") && l.contains("/200")).findFirst()
                .orElseThrow();
        assertThat(directRow).contains("150/200", "missed (>= 190)");

        assertThat(WatchBenchTable.render(withSustained(sustained(WatchMode.CACHE, 189, 40_000, 0, 0))))
                .as("189 of 200 writes").contains(": missed.");
        assertThat(withSustained(sustained(WatchMode.CACHE, 190, 40_000, 0, 0)).sustainedMet()).isTrue();
        assertThat(withSustained(sustained(WatchMode.CACHE, 200, 100_000, 0, 0)).sustainedMet())
                .as("p99 of exactly 100 ms is not under it").isFalse();
        assertThat(withSustained(sustained(WatchMode.CACHE, 200, 40_000, 3, 0)).sustainedMet()).as("3 events lost")
                .isFalse();
        WatchBenchRun ended = withSustained(sustained(WatchMode.CACHE, 200, 40_000, 0, 1));
        assertThat(ended.sustainedMet()).as("a watch ended early").isFalse();
        assertThat(WatchBenchTable.render(ended)).contains("1 watches ended early");
        assertThat(WatchBenchTable.render(withSustained(sustained(WatchMode.DIRECT, 200, 40_000, 0, 0))))
                .contains("did not measure the API server's watch in this row set");
    }

    @Test
    @DisplayName("the chart is well-formed SVG, the same for the same run, with both modes' p99 on it")
    void chart() throws Exception {
        String svg = WatchBenchChart.render(run(60_000, 1995));
        assertThat(WatchBenchChart.render(run(60_000, 1995))).isEqualTo(svg);
        DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertThat(svg).contains(">60.0<", ">400<", ">1000<");
    }

    @Test
    @DisplayName("the JSON names the target and every cell's numbers")
    void json() {
        var json = run(60_000, 1995).toJson();
        assertThat(json.path("benchmark").asText()).isEqualTo("watch");
        assertThat(json.path("target").path("met").asBoolean()).isTrue();
        assertThat(json.path("cells")).hasSize(6);
        assertThat(json.path("cells").get(5).path("deliveryLatencyP99Micros").asLong()).isEqualTo(60_000);
        assertThat(json.has("sustained")).isFalse();
        var rows = withSustained(sustained(WatchMode.CACHE, 195, 40_000, 0, 0)).toJson().path("sustained");
        assertThat(rows.path("writes").asLong()).isEqualTo(200);
        assertThat(rows.path("target").path("met").asBoolean()).isTrue();
        assertThat(rows.path("cells").get(0).path("writesNeeded").asLong()).isEqualTo(190);
        assertThat(rows.path("cells").get(0).has("apiServerCpuNanos")).as("not measured: -1").isFalse();
    }
}
