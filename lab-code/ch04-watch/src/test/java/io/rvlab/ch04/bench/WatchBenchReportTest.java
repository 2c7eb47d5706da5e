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
                p99Micros / 4, p99Micros, p99Micros * 2, etcdWatches, 2_000, 5_000, 1_000_000_000, java.util.Map.of(), 0, null);
    }

    private static WatchBenchRun run(long cacheP99At1000, long cacheAckedAt1000) {
        return new WatchBenchRun("3.4.23", "fresh container", 2, "OpenJDK 17", "2026-11-23T07:00:00Z", 6, 3, 10, 200,
                List.of(1, 100, 1000), List.of(
                        cell(WatchMode.DIRECT, 1, 2000, 2_000, 1), cell(WatchMode.CACHE, 1, 2000, 3_000, 1),
                        cell(WatchMode.DIRECT, 100, 1990, 20_000, 100), cell(WatchMode.CACHE, 100, 2000, 8_000, 1),
                        cell(WatchMode.DIRECT, 1000, 900, 400_000, 1000),
                        cell(WatchMode.CACHE, 1000, cacheAckedAt1000, cacheP99At1000, 1)));
    }

    @Test
    @DisplayName("the table has a row per cell, both modes side by side, and says whether the target was met")
    void table() {
        String met = WatchBenchTable.render(run(60_000, 1995));
        assertThat(met).contains("watch cache", "direct etcd", "etcd watches", "target MET");
        assertThat(met.lines().filter(l -> l.matches("\\s+(1|100|1000)  (watch cache|direct etcd).*"))).hasSize(6);
        assertThat(WatchBenchTable.render(run(150_000, 1995))).contains("target NOT met");
        assertThat(WatchBenchTable.render(run(60_000, 1500))).as("the writer fell below its rate")
                .contains("target NOT met");
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
    }
}
