package io.rvlab.ch05.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.etcd.EtcdExtension;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The real kubectl against chapter 5's server: {@code kubectl get -w} lists, then watches from the
 * list's resourceVersion N, which the new defaulting leaves alone, so it behaves as in chapter 4.
 * Skipped where kubectl is not installed.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("kubectl get -w against the chapter 5 server")
class KubectlWatchListTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final Client etcd;
    private WatchListFixture cluster;
    private String namespace;
    private Path kubectl;
    private Path work;

    KubectlWatchListTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void start() throws Exception {
        kubectl = Files.isExecutable(Path.of("/usr/bin/kubectl")) ? Path.of("/usr/bin/kubectl") : onPath();
        Assumptions.assumeTrue(kubectl != null, "kubectl is not installed: skipping the kubectl checks");
        cluster = new WatchListFixture(etcd, WatchListApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT));
        namespace = cluster.namespace("kubectl5");
        work = Files.createTempDirectory("rvlab-kubectl5-");
        Files.writeString(work.resolve("kubeconfig"), """
                apiVersion: v1
                kind: Config
                clusters:
                - name: rvlab
                  cluster:
                    server: %s
                contexts:
                - name: rvlab
                  context:
                    cluster: rvlab
                    namespace: %s
                current-context: rvlab
                """.formatted(cluster.server.url(), namespace));
    }

    @AfterAll
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        if (work != null) {
            try (var files = Files.walk(work)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    private static Path onPath() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "kubectl");
            if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    @Test
    @DisplayName("kubectl get configmaps -w: the listed rows, then a row for each change as it happens")
    void getWatch() throws Exception {
        cluster.create(namespace, "cm-first");
        try (Running watch = new Running("get", "configmaps", "-w")) {
            watch.awaitLine("the listed row", line -> line.startsWith("cm-first "));
            // kubectl watches from its list's resourceVersion: a write before its watch is registered still arrives
            cluster.create(namespace, "cm-second");
            List<String> lines = watch.awaitLine("a row for the new configmap", line -> line.startsWith("cm-second "));
            assertThat(lines.get(0)).startsWith("NAME");
            assertThat(lines).noneMatch(line -> line.contains("rror"));
        }
    }

    @Test
    @DisplayName("kubectl get configmaps --watch-only --output-watch-events: the changes, with their types")
    void watchOnly() throws Exception {
        int before = cluster.server.cache(ResourceTypes.CONFIGMAPS).watcherCount();
        try (Running watch = new Running("get", "configmaps", "--watch-only", "--output-watch-events")) {
            awaitWatchers(before); // --watch-only shows the changes after kubectl's list
            cluster.create(namespace, "cm-events");
            cluster.update(namespace, "cm-events", "b");
            List<String> lines = watch.awaitLine("the MODIFIED row", line -> line.startsWith("MODIFIED") && line.contains("cm-events"));
            assertThat(lines).anyMatch(line -> line.startsWith("ADDED") && line.contains("cm-events"));
        }
    }

    /** kubectl lists before it watches; waiting until its watcher is registered keeps writes from racing ahead of it. */
    private void awaitWatchers(int before) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (cluster.server.cache(ResourceTypes.CONFIGMAPS).watcherCount() <= before) {
            assertThat(System.nanoTime()).as("kubectl started watching").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    /** A kubectl left running, its output collected line by line. */
    private final class Running implements AutoCloseable {
        private final Process process;
        private final List<String> lines = new ArrayList<>();

        Running(String... args) throws Exception {
            List<String> command = new ArrayList<>(List.of(kubectl.toString(),
                    "--kubeconfig=" + work.resolve("kubeconfig"), "--cache-dir=" + work.resolve("cache")));
            command.addAll(List.of(args));
            ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectError(work.resolve("stderr-" + System.nanoTime()).toFile());
            builder.environment().put("HOME", work.toString());
            builder.environment().remove("KUBECONFIG");
            process = builder.start();
            Thread reader = new Thread(() -> {
                try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        synchronized (lines) {
                            lines.add(line);
                            lines.notifyAll();
                        }
                    }
                } catch (java.io.IOException e) {
                    // the process was stopped
                }
            });
            reader.setDaemon(true);
            reader.start();
        }

        List<String> awaitLine(String what, Predicate<String> test) throws InterruptedException {
            long deadline = System.nanoTime() + WAIT.toNanos();
            synchronized (lines) {
                while (lines.stream().noneMatch(test)) {
                    long left = deadline - System.nanoTime();
                    assertThat(left).as("kubectl printed " + what + "; it printed " + lines).isPositive();
                    lines.wait(Math.max(1, left / 1_000_000));
                }
                return List.copyOf(lines);
            }
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
