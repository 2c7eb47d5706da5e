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
import io.rvlab.support.kubectl.Kubectl;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
    private Kubectl kubectl;

    KubectlWatchTest(Client client) {
        this.client = client;
        this.writes = new Writes(client, "kubectl4-" + Long.toHexString(System.nanoTime()).substring(6));
    }

    @BeforeAll
    void start() throws Exception {
        Path binary = Kubectl.find().orElse(null);
        Assumptions.assumeTrue(binary != null, "kubectl is not installed (not on the PATH, not /usr/bin/kubectl): "
                + "skipping the kubectl watch checks");
        server = WatchApiServer.start(client, "127.0.0.1", 0, WatchCache.Options.DEFAULT);
        kubectl = Kubectl.forServer(binary, server.url().toString(), writes.namespace); // its own kubeconfig, cache and HOME
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (kubectl != null) {
            kubectl.close();
        }
    }



    @Test
    @DisplayName("kubectl get configmaps -w: the list's rows, then a row for each change as it happens")
    void getWatch() throws Exception {
        writes.create("cm-first", "1");
        try (Kubectl.Running watch = kubectl.start("get", "configmaps", "-w")) {
            watch.awaitLine("the listed row", line -> line.startsWith("cm-first "), WAIT);
            writes.create("cm-second", "2");
            List<String> lines = watch.awaitLine("a row for the new configmap", line -> line.startsWith("cm-second "), WAIT);
            assertThat(lines.get(0)).startsWith("NAME").contains("DATA").contains("AGE");
            assertThat(lines).noneMatch(line -> line.contains("rror"));
        }
    }

    @Test
    @DisplayName("kubectl get --watch-only --output-watch-events -o json: ADDED, MODIFIED, DELETED with etcd's revisions")
    void watchOnlyEvents() throws Exception {
        int watchersBefore = server.cache(ResourceTypes.CONFIGMAPS).watcherCount();
        try (Kubectl.Running watch = kubectl.start("get", "configmaps", "--watch-only", "--output-watch-events", "-o", "json")) {
            awaitWatcher(watchersBefore); // --watch-only shows the changes after kubectl's watch began
            ObjectNode created = writes.create("cm-events", "a");
            ObjectNode updated = writes.update("cm-events", "b");
            ObjectNode deleted = writes.delete("cm-events");
            List<JsonNode> events = awaitDocuments(watch, 3);
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

    /** Waits until kubectl's output parses as {@code count} JSON documents (kubectl -o json prints them indented). */
    private static List<JsonNode> awaitDocuments(Kubectl.Running watch, int count) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            String text = String.join("\n", watch.lines());
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
}
