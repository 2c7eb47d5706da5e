package io.rvlab.ch07.bench;

import io.rvlab.ch03.bench.BenchRun;
import io.rvlab.ch03.bench.UpdateBenchmark;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdCluster;
import io.rvlab.support.etcd.EtcdSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code ./course bench members}: what a larger etcd cluster costs an update. Chapter 3's update
 * benchmark ({@link UpdateBenchmark#run}: a warm-up, then raw etcd and the newest API server in a
 * JVM of its own, cell by cell in alternating order) runs once per cluster size, on distinct
 * objects, each time on a fresh cluster with every member's endpoint given to both paths' etcd
 * clients (the API server's through RVLAB_ETCD_ENDPOINTS, as {@code --etcd-servers} lists every
 * member in a real control plane). A benchmark, not a test: it asserts nothing about speed.
 *
 * <p>Why a larger cluster is slower: a write commits only once a quorum of members has it in its
 * log (on disk), and a linearizable read asks the leader for its commit index first; jetcd sends
 * each request to the next member in turn, so on three members two in three go to a follower
 * (jetcd 0.8's ClientConnectionManager picks gRPC's round_robin policy; etcd's own clientv3 3.4,
 * which kube-apiserver uses, does the same: etcd's Documentation/learning/design-client.md).
 */
public final class MembersBenchmark {

    public static final String TABLE = "members-table.txt";
    public static final String CHART = "members-chart.svg";
    public static final String RESULTS = "members-results.json";

    private MembersBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        MembersBenchOptions options;
        try {
            options = MembersBenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(MembersBenchOptions.USAGE);
            System.exit(2);
            return;
        }
        if (EtcdSettings.load().endpoints().isPresent()) {
            System.err.println("[bench] members starts clusters of its own sizes; it cannot resize the external etcd"
                    + " named by RVLAB_ETCD_ENDPOINTS (or .rvlab/etcd.properties). Unset it to run this benchmark.");
            System.exit(2);
            return;
        }
        MembersRun run = run(options, System.err);
        write(run, options.out());
        System.out.print(MembersTable.render(run));
        System.out.println("\nWritten: " + Stream.of(TABLE, CHART, RESULTS)
                .map(f -> options.out().resolve(f).toString()).toList());
        System.exit(run.anyErrors() ? 1 : 0); // gRPC and the HTTP client leave non-daemon threads behind
    }

    /** Runs chapter 3's benchmark on a fresh cluster of each size in turn, printing progress to {@code progress}. */
    public static MembersRun run(MembersBenchOptions options, PrintStream progress) throws Exception {
        List<BenchRun> runs = new ArrayList<>();
        for (int size : options.members()) {
            progress.printf("[bench] %d member%s: starting a cluster of its own and the newest API server over it%n",
                    size, size == 1 ? "" : "s");
            try (EtcdCluster cluster = EtcdCluster.start(size); Etcd etcd = Etcd.connect(cluster.endpoints())) {
                // Compacting before each cell is ours to do: this run started the cluster.
                runs.add(UpdateBenchmark.run(etcd, options.onCluster(size), true, progress));
            }
        }
        return new MembersRun(options.members(), runs, "fresh containers " + EtcdSettings.load().image());
    }

    /** Writes the table, the chart and the JSON results into {@code dir}. */
    public static void write(MembersRun run, Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(TABLE), MembersTable.render(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(CHART), MembersChart.render(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(RESULTS),
                MembersRun.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(run.toJson()) + "\n",
                StandardCharsets.UTF_8);
    }
}
