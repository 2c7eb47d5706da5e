package io.rvlab.ch04.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The benchmark's own accounting on a real etcd, at a rate any machine holds: every watcher, in
 * both modes, receives the event of every acknowledged write, and the etcd watches are counted as
 * each mode holds them. Nothing here is about speed.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("./course bench watch on real etcd, the server in its own JVM: every acknowledged write reaches every watcher")
class WatchBenchmarkTest {

    @Test
    @DisplayName("1 and 3 watchers, both modes: no event missing, no watcher failing; N etcd watches direct, a constant through the cache")
    void accounting(Etcd etcd) throws Exception {
        WatchBenchOptions options = new WatchBenchOptions(1, 0, 0.2, 10, 40, List.of(1, 3), List.of(WatchMode.values()),
                Path.of("target", "bench-test"), "bench-" + UUID.randomUUID().toString().substring(0, 8), 3, null,
                new WatchBenchOptions.Sustained(5, 20, 1, List.of(WatchMode.CACHE)));

        WatchBenchRun run = WatchBenchmark.run(etcd, options, new PrintStream(OutputStream.nullOutputStream()));

        assertThat(run.cells()).hasSize(4);
        for (WatchCellResult cell : run.cells()) {
            assertThat(cell.writesAcknowledged()).as("%s %d: writes acknowledged", cell.mode(), cell.watchers())
                    .isPositive();
            assertThat(cell.eventsExpected()).isEqualTo(cell.writesAcknowledged() * cell.watchers());
            assertThat(cell.eventsMissing()).as("%s %d: events missing", cell.mode(), cell.watchers()).isZero();
            assertThat(cell.failedWatchers()).as("%s: %s", cell.mode(), cell.firstError()).isZero();
            assertThat(cell.writeErrors()).isZero();
        }
        // etcd's own count: the server's watch cache holds a few, the direct watchers one each on top
        assertThat(run.cell(WatchMode.DIRECT, 3).orElseThrow().etcdWatches()
                - run.cell(WatchMode.DIRECT, 1).orElseThrow().etcdWatches()).isEqualTo(2);
        assertThat(run.cell(WatchMode.CACHE, 3).orElseThrow().etcdWatches())
                .isEqualTo(run.cell(WatchMode.CACHE, 1).orElseThrow().etcdWatches()).isPositive();
        assertThat(run.fixedEtcdWatches()).isTrue();
        // the row set with its own targets, here small: every watcher saw every write
        WatchCellResult rows = run.sustainedCell(WatchMode.CACHE).orElseThrow();
        assertThat(rows.watchers()).isEqualTo(5);
        assertThat(rows.writesAcknowledged()).isPositive();
        assertThat(WatchBenchRun.nothingLost(rows)).as(String.valueOf(rows.firstError())).isTrue();
        // the server ran in a JVM of its own: the newest ApiServerMain on this module's class path
        assertThat(run.server()).startsWith("io.rvlab.ch04.server.ApiServerMain in its own JVM (pid ");
    }
}
