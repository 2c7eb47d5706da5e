package io.rvlab.ch04.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.watch.Writes;
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
 * The real kubectl watching the chapter 4 server: {@code kubectl get -w} (a list, then a watch
 * whose events arrive as Table rows) and {@code --watch-only} with the events' types shown. Each
 * kubectl runs in the background while the test writes, and is stopped once it has printed what
 * the test waits for. Skipped where kubectl is not installed.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("kubectl get -w against the chapter 4 server")
class KubectlWatchTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final Client client;
    private final Writes writes;
    private WatchApiServer server;
    private Path kubectl;
    private Path work;

    KubectlWatchTest(Client client) {
        this.client = client;
        this.writes = new Writes(client, "kubectl4-" + Long.toHexString(System.nanoTime()).substring(6));
    }

    @BeforeAll
    void start() throws Exception {
        kubectl = findKubectl();
        Assumptions.assumeTrue(kubectl != null, "kubectl is not installed (not on the PATH, not /usr/bin/kubectl): "
                + "skipping the kubectl watch checks");
        work = Files.createTempDirectory("rvlab-kubectl4-");
        server = WatchApiServer.start(client, "127.0.0.1", 0, WatchCache.Options.DEFAULT);
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
                """.formatted(server.url(), writes.namespace));
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (work != null) {
            try (var files = Files.walk(work)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    private static Path findKubectl() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "kubectl");
            if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        Path usual = Path.of("/usr/bin/kubectl");
        return Files.isExecutable(usual) ? usual : null;
    }

    /** A kubectl left running, its output collected line by line as it comes. */
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
                try (BufferedReader out = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
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

        /** Waits until the output holds a line meeting {@code test}, and returns every line so far. */
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

        /** Waits until the output parses as {@code count} JSON documents (kubectl -o json prints them indented). */
        List<JsonNode> awaitDocuments(int count) throws Exception {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (true) {
                String text;
                synchronized (lines) {
                    text = String.join("\n", lines);
                }
                List<JsonNode> documents = new ArrayList<>();
                try (var parser = JSON.getFactory().createParser(text)) {
                    JSON.readValues(parser, JsonNode.class).forEachRemaining(documents::add);
                } catch (RuntimeException | java.io.IOException incomplete) {
                    // the last document is still being printed
                }
                if (documents.size() >= count) {
                    return documents;
                }
                assertThat(System.nanoTime()).as(count + " JSON documents from kubectl; it printed " + text)
                        .isLessThan(deadline);
                Thread.sleep(50);
            }
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    @DisplayName("kubectl get configmaps -w: the list's rows, then a row for each change as it happens")
    void getWatch() throws Exception {
        writes.create("cm-first", "1");
        try (Running watch = new Running("get", "configmaps", "-w")) {
            watch.awaitLine("the listed row", line -> line.startsWith("cm-first "));
            writes.create("cm-second", "2");
            List<String> lines = watch.awaitLine("a row for the new configmap", line -> line.startsWith("cm-second "));
            assertThat(lines.get(0)).startsWith("NAME").contains("DATA").contains("AGE");
            assertThat(lines).noneMatch(line -> line.contains("rror"));
        }
    }

    @Test
    @DisplayName("kubectl get --watch-only --output-watch-events -o json: ADDED, MODIFIED, DELETED with etcd's revisions")
    void watchOnlyEvents() throws Exception {
        int watchersBefore = server.cache(ResourceTypes.CONFIGMAPS).watcherCount();
        try (Running watch = new Running("get", "configmaps", "--watch-only", "--output-watch-events", "-o", "json")) {
            awaitWatcher(watchersBefore); // --watch-only shows the changes after kubectl's watch began
            ObjectNode created = writes.create("cm-events", "a");
            ObjectNode updated = writes.update("cm-events", "b");
            ObjectNode deleted = writes.delete("cm-events");
            List<JsonNode> events = watch.awaitDocuments(3);
            assertThat(events).extracting(e -> e.path("type").asText()).containsExactly("ADDED", "MODIFIED", "DELETED");
            assertThat(events).extracting(e -> e.at("/object/metadata/resourceVersion").asText())
                    .containsExactly(Writes.rv(created), Writes.rv(updated), Writes.rv(deleted));
        }
    }

    private void awaitWatcher(int before) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (server.cache(ResourceTypes.CONFIGMAPS).watcherCount() <= before) {
            assertThat(System.nanoTime()).as("kubectl started watching").isLessThan(deadline);
            Thread.sleep(50);
        }
    }
}
