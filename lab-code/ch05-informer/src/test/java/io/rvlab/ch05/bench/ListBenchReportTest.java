package io.rvlab.ch05.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The benchmark's command line and its report (table, chart, JSON), on made-up results: no etcd, no timing. */
class ListBenchReportTest {

    private static final long MIB = 1L << 20;

    @Test
    @DisplayName("--quick syncs 2,000 objects once per mode; the defaults are 10,000 objects, 3 rounds, pages of 500")
    void quickAndDefaults() {
        ListBenchOptions quick = ListBenchOptions.parse("--quick", "--out", "/tmp/x");
        assertThat(quick.objects()).isEqualTo(2_000);
        assertThat(quick.rounds()).isEqualTo(1);
        assertThat(quick.out()).isEqualTo(Path.of("/tmp/x"));
        ListBenchOptions full = ListBenchOptions.parse();
        assertThat(full.objects()).isEqualTo(10_000);
        assertThat(full.rounds()).isEqualTo(3);
        assertThat(full.pageSize()).isEqualTo(500);
        assertThat(full.modes()).containsExactly(SyncMode.values());
        assertThat(full.client()).isEqualTo(ClientKind.INFORMER);
    }

    @Test
    @DisplayName("--objects, --rounds and --modes override --quick; a bad value names the option")
    void overrides() {
        ListBenchOptions o = ListBenchOptions.parse("--quick", "--objects", "300", "--rounds", "2",
                "--modes", "watch-list,list", "--client", "plain", "--xmx", "1g");
        assertThat(o.objects()).isEqualTo(300);
        assertThat(o.rounds()).isEqualTo(2);
        assertThat(o.modes()).containsExactly(SyncMode.WATCH_LIST, SyncMode.PAGINATED_LIST);
        assertThat(o.client()).isEqualTo(ClientKind.PLAIN);
        assertThat(o.xmx()).isEqualTo("1g");
        assertThatThrownBy(() -> ListBenchOptions.parse("--objects", "many")).hasMessageContaining("--objects");
        assertThatThrownBy(() -> ListBenchOptions.parse("--modes", "relist")).hasMessageContaining("unknown mode");
        assertThatThrownBy(() -> ListBenchOptions.parse("--xmx", "lots")).hasMessageContaining("--xmx");
        assertThatThrownBy(() -> ListBenchOptions.parse("--fast")).hasMessageContaining("unknown option --fast");
    }

    @Test
    @DisplayName("The table shows each mode's medians over the rounds, in MiB, and explains how heap was measured")
    void table() {
        String table = ListBenchTable.render(run());
        assertThat(table).contains("paginated list, then watch", "streaming watch-list", "medians of 3 rounds");
        // list rounds: synced 2.0/2.5/9.0 s -> median 2.50 s; server peak live 50/60/70 MiB -> 60.0
        assertThat(lineOf(table, "paginated list")).contains("2.50 s", "60.0", " 20 ", "12.0 MiB");
        assertThat(lineOf(table, "streaming watch-list")).contains("1.50 s", "52.0");
        assertThat(table).contains("peak live", "peak used", "sampled every 10 ms", "after a garbage collection");
        assertThat(table).doesNotContain("ERROR");
    }

    @Test
    @DisplayName("A round that did not sync every object is reported as an error under the table")
    void errors() {
        ListBenchRun run = run();
        List<ListCellResult> cells = new java.util.ArrayList<>(run.cells());
        cells.add(cell(SyncMode.WATCH_LIST, 4, 1_000_000, 50, 1999, "java.io.IOException: boom"));
        ListBenchRun failed = new ListBenchRun(run.etcdVersion(), run.etcd(), run.cores(), run.loadAverage(), run.java(), run.date(),
                run.options(), run.serverClass(), run.clientDescription(), 1, cells);
        assertThat(failed.allOk()).isFalse();
        assertThat(ListBenchTable.render(failed)).contains("ERROR: round 4, watch-list", "1,999 of 2,000", "boom");
    }

    @Test
    @DisplayName("The chart is well-formed SVG with one bar label per mode and panel; the JSON has every cell")
    void chartAndJson() throws Exception {
        ListBenchRun run = run();
        String svg = ListBenchChart.render(run);
        DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertThat(svg.split(">paginated list, then watch<", -1)).hasSize(4);
        assertThat(svg).isEqualTo(ListBenchChart.render(run));
        JsonNode json = run.toJson();
        assertThat(json.path("cells")).hasSize(6);
        assertThat(json.path("cells").get(0).path("server").path("afterGcPeak").asLong()).isEqualTo(50 * MIB);
    }

    @Test
    @DisplayName("A child's message is one stdout line; other lines are not messages")
    void protocol() {
        ChildProtocol.Message m = ChildProtocol.parse("@bench ready {\"url\":\"http://127.0.0.1:1\"}");
        assertThat(m.kind()).isEqualTo("ready");
        assertThat(m.body().path("url").asText()).isEqualTo("http://127.0.0.1:1");
        assertThat(ChildProtocol.parse("[rvlab] real etcd 3.4.23 ready")).isNull();
        assertThat(ChildProtocol.parse("@bench ready not-json")).isNull();
    }

    private static String lineOf(String table, String start) {
        return table.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow();
    }

    private static ListBenchRun run() {
        ListBenchOptions options = new ListBenchOptions(2_000, 1024, 3, 500, "512m",
                List.of(SyncMode.PAGINATED_LIST, SyncMode.WATCH_LIST), ClientKind.INFORMER, Path.of("target"), "ns");
        List<ListCellResult> cells = List.of(
                cell(SyncMode.PAGINATED_LIST, 1, 2_000_000, 50, 2000, null),
                cell(SyncMode.WATCH_LIST, 1, 1_500_000, 52, 2000, null),
                cell(SyncMode.WATCH_LIST, 2, 1_400_000, 51, 2000, null),
                cell(SyncMode.PAGINATED_LIST, 2, 2_500_000, 60, 2000, null),
                cell(SyncMode.PAGINATED_LIST, 3, 9_000_000, 70, 2000, null),
                cell(SyncMode.WATCH_LIST, 3, 1_600_000, 53, 2000, null));
        return new ListBenchRun("3.4.23", "fresh container", 2, 0.5, "OpenJDK 17", "2026-11-23T10:00:00Z", options,
                "io.rvlab.ch05.server.WatchListApiServer", "the informer", 1.5, cells);
    }

    private static ListCellResult cell(SyncMode mode, int round, long syncedMicros, long serverPeakMib, int items,
            String error) {
        boolean list = mode == SyncMode.PAGINATED_LIST;
        return new ListCellResult(mode, round,
                new ListCellResult.Server(45 * MIB, (serverPeakMib + 30) * MIB, serverPeakMib * MIB, 46 * MIB, 3),
                new ListCellResult.Client(true, syncedMicros, items, list ? 20 : 0, 1, MIB, 40 * MIB, 5 * MIB,
                        80 * MIB, 45 * MIB, 4, error),
                12 * MIB);
    }
}
