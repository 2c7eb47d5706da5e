package io.rvlab.ch03.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import java.io.PrintStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark end to end, briefly, on real etcd: it runs, counts, and writes its reports. Nothing
 * here looks at how fast anything was; that is the benchmark's to report, not a test's to assert.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("./course bench update, for one second with one client")
class UpdateBenchmarkTest {

    @ParameterizedTest(name = "HTTP client {0}")
    @EnumSource(LoadClient.class)
    @DisplayName("measures both paths in every cell without errors, and every update it counted is in etcd")
    void runsEndToEnd(LoadClient http, Etcd etcd, @TempDir Path out) throws Exception {
        String ns = "bench-test-" + http.option();
        BenchOptions options = BenchOptions.parse("--seconds", "1", "--settle", "0.2", "--warmup", "1",
                "--clients", "1", "--namespace", ns, "--out", out.toString(), "--http", http.option());
        ByteArrayOutputStream progress = new ByteArrayOutputStream();

        BenchRun run = UpdateBenchmark.run(etcd, options, false, new PrintStream(progress, true, StandardCharsets.UTF_8));
        UpdateBenchmark.write(run, out);

        assertThat(run.cells()).hasSize(4);
        assertThat(run.cells()).allSatisfy(c -> assertThat(c.errors()).as(c.firstError()).isZero());
        assertThat(run.etcdVersion()).matches("\\d+\\.\\d+\\.\\d+");
        // Each path's contended object was only ever written through that path: its counter holds
        // at least every update the benchmark counted (warm-up updates come on top).
        long rawCounted = run.cell(BenchRun.RAW, Contention.CONTENDED, 1).orElseThrow().updates();
        String rawValue = Await.result(etcd.client().getKVClient().get(Bytes.bytes("/rvlab-bench/" + ns + "/shared")))
                .getKvs().get(0).getValue().toString(StandardCharsets.UTF_8);
        assertThat(Long.parseLong(Counter.JSON.readTree(rawValue).path("data").path("counter").asText()))
                .isGreaterThanOrEqualTo(rawCounted);
        long apiCounted = run.cell(BenchRun.API, Contention.CONTENDED, 1).orElseThrow().updates();
        String apiValue = Await.result(etcd.client().getKVClient()
                .get(Bytes.bytes("/registry/configmaps/" + ns + "/shared")))
                .getKvs().get(0).getValue().toString(StandardCharsets.UTF_8);
        assertThat(Long.parseLong(Counter.JSON.readTree(apiValue).path("data").path("counter").asText()))
                .isGreaterThanOrEqualTo(apiCounted);

        for (String file : List.of(UpdateBenchmark.TABLE, UpdateBenchmark.CHART, UpdateBenchmark.RESULTS)) {
            assertThat(out.resolve(file)).isNotEmptyFile();
        }
        assertThat(Files.readString(out.resolve(UpdateBenchmark.TABLE))).contains("distinct         1 |")
                .contains("contended        1 |").contains("This run did not measure 64 clients")
                .contains("API server's clients: " + http.label() + ",");
        JsonNode json = Counter.JSON.readTree(out.resolve(UpdateBenchmark.RESULTS).toFile());
        assertThat(json.path("cells")).hasSize(4);
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("[bench] warm-up");
        // The server ran in a JVM of its own: the newest ApiServerMain on this module's class path.
        assertThat(run.server()).startsWith("io.rvlab.ch03.server.ApiServerMain in its own JVM (pid ");
    }
}
