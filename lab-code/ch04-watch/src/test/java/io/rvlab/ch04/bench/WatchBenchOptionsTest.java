package io.rvlab.ch04.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("./course bench watch: the command line")
class WatchBenchOptionsTest {

    @Test
    @DisplayName("defaults: 200 writes/s, 1, 100 and 1000 watchers, both modes, 10 s per cell")
    void defaults() {
        WatchBenchOptions options = WatchBenchOptions.parse();
        assertThat(options.rate()).isEqualTo(200);
        assertThat(options.watchers()).containsExactly(1, 100, 1000);
        assertThat(options.modes()).containsExactly(WatchMode.CACHE, WatchMode.DIRECT);
        assertThat(options.seconds()).isEqualTo(10);
        assertThat(options.out()).isEqualTo(Path.of("target", "bench"));
        assertThat(options.warmupSeconds()).isEqualTo(10);
        assertThat(options.server()).isNull();
        assertThat(options.sustained()).isEqualTo(WatchBenchOptions.Sustained.DEFAULT);
        assertThat(options.sustained().writes()).isEqualTo(200);
        assertThat(options.sustained().modes()).containsExactly(WatchMode.CACHE, WatchMode.DIRECT);
    }

    @Test
    @DisplayName("--quick keeps the 1,000-watcher row set whole but through the API server only; --no-sustained drops it")
    void sustained() {
        WatchBenchOptions quick = WatchBenchOptions.parse("--quick");
        assertThat(quick.sustained().writes()).isEqualTo(200);
        assertThat(quick.sustained().modes()).containsExactly(WatchMode.CACHE);
        assertThat(WatchBenchOptions.parse("--quick", "--modes", "direct").sustained()).isNull();
        assertThat(WatchBenchOptions.parse("--no-sustained").sustained()).isNull();
        assertThat(WatchBenchOptions.parse("--server", "http://127.0.0.1:8080/").server())
                .hasToString("http://127.0.0.1:8080");
        assertThatThrownBy(() -> WatchBenchOptions.parse("--server", "localhost")).hasMessageContaining("needs a URL");
    }

    @Test
    @DisplayName("--quick shortens the cells; --seconds, --rate, --watchers, --modes and --out override")
    void overrides() {
        assertThat(WatchBenchOptions.parse("--quick").seconds()).isLessThan(10);
        WatchBenchOptions options = WatchBenchOptions.parse("--quick", "--seconds", "4", "--rate", "50",
                "--watchers", "1, 10", "--modes", "direct", "--out", "x");
        assertThat(options.seconds()).isEqualTo(4);
        assertThat(options.rate()).isEqualTo(50);
        assertThat(options.watchers()).isEqualTo(List.of(1, 10));
        assertThat(options.modes()).containsExactly(WatchMode.DIRECT);
        assertThat(options.out()).isEqualTo(Path.of("x"));
    }

    @Test
    @DisplayName("a bad option or value is refused with a message naming it")
    void refusals() {
        assertThatThrownBy(() -> WatchBenchOptions.parse("--watchers", "0")).hasMessageContaining("--watchers");
        assertThatThrownBy(() -> WatchBenchOptions.parse("--watchers", "1.5")).hasMessageContaining("--watchers");
        assertThatThrownBy(() -> WatchBenchOptions.parse("--rate", "fast")).hasMessageContaining("--rate");
        assertThatThrownBy(() -> WatchBenchOptions.parse("--modes", "cached")).hasMessageContaining("--modes");
        assertThatThrownBy(() -> WatchBenchOptions.parse("--seconds")).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> WatchBenchOptions.parse("--clients", "1")).hasMessageContaining("unknown option");
    }
}
