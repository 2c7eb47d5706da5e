package io.rvlab.ch05.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.kubectl.Kubectl;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
    private Kubectl kubectl;

    KubectlWatchListTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void start() throws Exception {
        Path binary = Kubectl.find().orElse(null);
        Assumptions.assumeTrue(binary != null, "kubectl is not installed: skipping the kubectl checks");
        cluster = new WatchListFixture(etcd, WatchListApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT));
        namespace = cluster.namespace("kubectl5");
        kubectl = Kubectl.forServer(binary, cluster.server.url().toString(), namespace); // its own kubeconfig, cache and HOME
    }

    @AfterAll
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        if (kubectl != null) {
            kubectl.close();
        }
    }


    @Test
    @DisplayName("kubectl get configmaps -w: the listed rows, then a row for each change as it happens")
    void getWatch() throws Exception {
        cluster.create(namespace, "cm-first");
        try (Kubectl.Running watch = kubectl.start("get", "configmaps", "-w")) {
            watch.awaitLine("the listed row", line -> line.startsWith("cm-first "), WAIT);
            // kubectl watches from its list's resourceVersion: a write before its watch is registered still arrives
            cluster.create(namespace, "cm-second");
            List<String> lines = watch.awaitLine("a row for the new configmap", line -> line.startsWith("cm-second "), WAIT);
            assertThat(lines.get(0)).startsWith("NAME");
            assertThat(lines).noneMatch(line -> line.contains("rror"));
        }
    }

    @Test
    @DisplayName("kubectl get configmaps --watch-only --output-watch-events: the changes, with their types")
    void watchOnly() throws Exception {
        int before = cluster.server.cache(ResourceTypes.CONFIGMAPS).watcherCount();
        try (Kubectl.Running watch = kubectl.start("get", "configmaps", "--watch-only", "--output-watch-events")) {
            awaitWatchers(before); // --watch-only shows the changes after kubectl's list
            cluster.create(namespace, "cm-events");
            cluster.update(namespace, "cm-events", "b");
            List<String> lines = watch.awaitLine("the MODIFIED row", line -> line.startsWith("MODIFIED") && line.contains("cm-events"), WAIT);
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

}
