package io.rvlab.ch04.client;

import static io.rvlab.ch04.client.Cluster.configMap;
import static io.rvlab.ch04.client.Cluster.patchData;
import static io.rvlab.ch04.client.Cluster.rv;
import static io.rvlab.ch04.watch.WatchEvent.Type.ADDED;
import static io.rvlab.ch04.watch.WatchEvent.Type.DELETED;
import static io.rvlab.ch04.watch.WatchEvent.Type.MODIFIED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.support.etcd.EtcdExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link ResumingWatcher} against chapter 4's API server over the real etcd: a consumer sees every
 * change once and in order however the streams end, and after a 410 it gets a list that makes its
 * copy exact again.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@DisplayName("ResumingWatcher: every change once, in order, across ended streams and lost history")
class ResumingWatcherTest {

    private static final Duration LIVENESS = Duration.ofSeconds(30);
    private static final Backoff QUICK = Backoff.constant(Duration.ofMillis(20));

    private final Client etcd;
    private Cluster cluster;

    ResumingWatcherTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void start() {
        cluster = Cluster.start(etcd, WatchCache.Options.DEFAULT);
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** One write as its event should show it: type, name, and the resourceVersion the write returned (a delete answers with a Status, so none). */
    record Write(WatchEvent.Type type, String name, String resourceVersion) {

        static Write of(WatchEvent event) {
            return new Write(event.type(), event.object().path("metadata").path("name").asText(),
                    event.type() == DELETED ? null : event.resourceVersion());
        }
    }

    /** Creates, updates and deletes with pauses between them, as the events should show them. */
    private static List<Write> writeSlowly(ConfigMapClient cms, int objects, Duration pause) throws InterruptedException {
        List<Write> writes = new ArrayList<>();
        for (int i = 0; i < objects; i++) {
            String name = "cm-" + i;
            writes.add(new Write(ADDED, name, rv(cms.create(configMap(name, "v1")))));
            Thread.sleep(pause.toMillis());
            writes.add(new Write(MODIFIED, name, rv(cms.patch(name, patchData("v2")))));
            Thread.sleep(pause.toMillis());
            if (i % 3 == 0) {
                cms.delete(name);
                writes.add(new Write(DELETED, name, null));
                Thread.sleep(pause.toMillis());
            }
        }
        return writes;
    }

    /** Every write exactly once, in order: resourceVersions strictly rising (deletes included). */
    private static void assertEveryWriteOnceInOrder(List<WatchEvent> events, List<Write> written) {
        assertThat(events).extracting(Write::of).containsExactlyElementsOf(written);
        assertThat(events).extracting(e -> Long.parseLong(e.resourceVersion())).isSorted().doesNotHaveDuplicates();
    }

    // tag::resume-on-timeout[]
    @Test
    @DisplayName("resumes when the server ends each stream (timeoutSeconds=1), missing and repeating nothing while writes go on")
    void resumesAfterServerTimeout() throws Exception {
        ConfigMapClient cms = cluster.namespace("resume");
        String start = cluster.listResourceVersion(cms);
        RecordingHandler handler = new RecordingHandler();
        RecordingListerWatcher listWatch = new RecordingListerWatcher(cluster.listWatch(cms));
        ResumingWatcher.Options options = ResumingWatcher.Options.DEFAULT
                .withBookmarks(false).withTimeoutSeconds(1).withBackoff(QUICK);

        try (ResumingWatcher watcher = new ResumingWatcher(listWatch, start, handler, options).start()) {
            List<Write> written = writeSlowly(cms, 10, Duration.ofMillis(60)); // about 2.5 s of writes

            handler.await("every write as an event", h -> h.events().size() >= written.size(), LIVENESS);
            int watches = watcher.watches();
            handler.await("two more streams to end", h -> watcher.watches() >= watches + 2, LIVENESS);

            assertEveryWriteOnceInOrder(handler.events(), written);
            assertThat(watcher.watches()).as("streams opened").isGreaterThanOrEqualTo(3);
            assertThat(listWatch.calls()).as("no relist needed").doesNotContain("list");
            // Each new stream started where the previous one stopped: at the last delivered event.
            List<String> delivered = new ArrayList<>(List.of(start));
            handler.events().forEach(e -> delivered.add(e.resourceVersion()));
            assertThat(listWatch.watchedFrom()).isSubsetOf(delivered);
            assertThat(handler.state()).isEqualTo(cluster.freshState(cms));
        }
    }
    // end::resume-on-timeout[]

    @Test
    @DisplayName("resumes after the connection is cut mid-stream, missing and repeating nothing while writes go on")
    void resumesAfterDroppedConnection() throws Exception {
        ConfigMapClient cms = cluster.namespace("dropped");
        String start = cluster.listResourceVersion(cms);
        RecordingHandler handler = new RecordingHandler();
        try (TcpProxy proxy = new TcpProxy(cluster.server.url())) {
            RecordingListerWatcher listWatch =
                    new RecordingListerWatcher(new ListWatch(proxy.url(), cms.collection()));
            ResumingWatcher.Options options = ResumingWatcher.Options.DEFAULT
                    .withBookmarks(false).withTimeoutSeconds(600).withBackoff(QUICK);

            try (ResumingWatcher watcher = new ResumingWatcher(listWatch, start, handler, options).start()) {
                Thread cutter = new Thread(() -> {
                    try {
                        while (!Thread.currentThread().isInterrupted()) {
                            Thread.sleep(400);
                            proxy.cutAll();
                        }
                    } catch (InterruptedException done) {
                        // stop cutting
                    }
                });
                cutter.start();
                List<Write> written;
                try {
                    written = writeSlowly(cms, 10, Duration.ofMillis(60));
                } finally {
                    cutter.interrupt();
                    cutter.join();
                }

                handler.await("every write as an event", h -> h.events().size() >= written.size(), LIVENESS);
                Thread.sleep(500); // anything repeated after a resume would arrive by now

                assertEveryWriteOnceInOrder(handler.events(), written);
                assertThat(watcher.watches()).as("streams opened").isGreaterThanOrEqualTo(3);
                assertThat(listWatch.calls()).as("no relist needed").doesNotContain("list");
                assertThat(handler.state()).isEqualTo(cluster.freshState(cms));
            }
        }
    }

    // tag::relist-on-expired[]
    @Test
    @DisplayName("a resourceVersion older than the watch cache's window gets 410: it relists, and ends with the state of a fresh list")
    void relistsOnExpired() throws Exception {
        try (Cluster small = Cluster.start(etcd, WatchCache.Options.DEFAULT.withCapacity(5))) {
            ConfigMapClient cms = small.namespace("expired");
            cms.create(configMap("keep", "v1"));
            cms.create(configMap("gone", "v1"));
            String old = small.listResourceVersion(cms);
            for (int i = 0; i < 10; i++) {   // twice the window: "old" falls out of it
                cms.patch("keep", patchData("v" + (i + 2)));
            }
            cms.delete("gone");
            cms.create(configMap("new", "v1"));

            RecordingHandler handler = new RecordingHandler();
            RecordingListerWatcher listWatch = new RecordingListerWatcher(small.listWatch(cms));
            ResumingWatcher.Options options = ResumingWatcher.Options.DEFAULT.withBackoff(QUICK);
            try (ResumingWatcher watcher = new ResumingWatcher(listWatch, old, handler, options).start()) {
                handler.await("the relist", h -> !h.calls().isEmpty(), LIVENESS);
                cms.patch("new", patchData("v2"));
                cms.create(configMap("newer", "v1"));
                cms.delete("keep");

                handler.await("the same state as a fresh list", h -> h.state().equals(small.freshState(cms)), LIVENESS);

                RecordingHandler.Call first = handler.calls().get(0);
                assertThat(first).isInstanceOf(RecordingHandler.Replace.class);
                RecordingHandler.Replace replace = (RecordingHandler.Replace) first;
                assertThat(replace.items()).extracting(o -> o.path("metadata").path("name").asText())
                        .containsExactlyInAnyOrder("keep", "new");
                // Not the same resourceVersion again: list, then watch from the list's resourceVersion.
                assertThat(listWatch.calls()).startsWith("watch " + old, "list", "watch " + replace.resourceVersion());
                assertThat(watcher.relists()).isEqualTo(1);
            }
        }
    }
    // end::relist-on-expired[]

    @Test
    @DisplayName("bookmarks move the resume point forward while nothing the watcher sees changes")
    void bookmarksAdvanceTheResumePoint() throws Exception {
        WatchCache.Options frequentBookmarks =
                WatchCache.Options.DEFAULT.withBookmarkFrequency(Duration.ofMillis(200));
        try (Cluster bookmarking = Cluster.start(etcd, frequentBookmarks)) {
            ConfigMapClient quiet = bookmarking.namespace("quiet");
            ConfigMapClient busy = bookmarking.namespace("busy");
            String start = bookmarking.listResourceVersion(quiet);
            RecordingHandler handler = new RecordingHandler();
            RecordingListerWatcher listWatch = new RecordingListerWatcher(bookmarking.listWatch(quiet));
            ResumingWatcher.Options options = ResumingWatcher.Options.DEFAULT
                    .withBookmarks(true).withTimeoutSeconds(4).withBackoff(QUICK); // bookmarks stop 2 s before the timeout

            try (ResumingWatcher watcher = new ResumingWatcher(listWatch, start, handler, options).start()) {
                // Write only once the watch is in the cache: a watcher registered after the write starts
                // at it, and (as in kube-apiserver) gets no bookmark until the cache moves past it.
                awaitWatcher(bookmarking.server.cache(ResourceTypes.CONFIGMAPS));
                long elsewhere = Long.parseLong(rv(busy.create(configMap("elsewhere", "v1"))));

                handler.await("a bookmark past the write in the other namespace",
                        h -> h.bookmarks().stream().anyMatch(b -> Long.parseLong(b) >= elsewhere), LIVENESS);
                handler.await("a stream started from a bookmark",
                        h -> listWatch.watchedFrom().stream().anyMatch(rv -> Long.parseLong(rv) >= elsewhere), LIVENESS);

                assertThat(handler.events()).as("nothing changed in the watched namespace").isEmpty();
                assertThat(Long.parseLong(watcher.resourceVersion())).isGreaterThanOrEqualTo(elsewhere);
                List<String> watchedFrom = listWatch.watchedFrom();
                assertThat(watchedFrom).as("every stream started where the last bookmark left it")
                        .allMatch(rv -> rv.equals(start) || handler.bookmarks().contains(rv));
            }
        }
    }

    @Test
    @DisplayName("a watch from \"0\" takes no resume point from its initial ADDED events: ended before any other event, it relists")
    void initialEventsAreNoResumePoint() throws Exception {
        ConfigMapClient cms = cluster.namespace("from-zero");
        String a = rv(cms.create(configMap("a", "v1")));
        String b = rv(cms.create(configMap("b", "v1")));
        RecordingHandler handler = new RecordingHandler();
        RecordingListerWatcher listWatch = new RecordingListerWatcher(cluster.listWatch(cms));
        ResumingWatcher.Options options = ResumingWatcher.Options.DEFAULT
                .withBookmarks(false).withTimeoutSeconds(1).withBackoff(QUICK);

        try (ResumingWatcher watcher = new ResumingWatcher(listWatch, "0", handler, options).start()) {
            handler.await("the relist after the first stream, and the watch after it",
                    h -> h.calls().size() >= 3 && listWatch.calls().size() >= 3, LIVENESS);

            assertThat(handler.events()).extracting(WatchEvent::type).containsExactly(ADDED, ADDED);
            assertThat(handler.events()).extracting(WatchEvent::resourceVersion).containsExactlyInAnyOrder(a, b);
            assertThat(handler.calls().get(2)).isInstanceOf(RecordingHandler.Replace.class);
            RecordingHandler.Replace replace = (RecordingHandler.Replace) handler.calls().get(2);
            assertThat(watcher.relists()).isEqualTo(1);
            assertThat(listWatch.calls()).startsWith("watch 0", "list", "watch " + replace.resourceVersion());

            String c = rv(cms.create(configMap("c", "v1")));
            handler.await("the next change", h -> h.events().size() == 3, LIVENESS);
            assertThat(handler.events().get(2).resourceVersion()).isEqualTo(c);
            assertThat(handler.state()).isEqualTo(cluster.freshState(cms));
        }
    }

    private static void awaitWatcher(WatchCache cache) throws InterruptedException {
        long deadline = System.nanoTime() + LIVENESS.toNanos();
        while (cache.watcherCount() == 0) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("the watch never reached the cache");
            }
            Thread.sleep(10);
        }
    }

    // tag::refused[]
    @Test
    @DisplayName("a request the server refuses before streaming (bad labelSelector: 400) stops the watcher with that Status, no retry loop")
    void refusedRequestIsNotRetried() {
        ConfigMapClient cms = cluster.namespace("refused");
        RecordingListerWatcher listWatch =
                new RecordingListerWatcher(cluster.listWatch(cms).withSelectors("app in (web", null));
        ResumingWatcher watcher = new ResumingWatcher(listWatch, cluster.listResourceVersion(cms),
                new RecordingHandler(), ResumingWatcher.Options.DEFAULT.withBackoff(QUICK));

        assertThatThrownBy(watcher::run)
                .isInstanceOfSatisfying(StatusException.class, e -> {
                    assertThat(e.status().code()).isEqualTo(400);
                    assertThat(e.status().reason()).isEqualTo("BadRequest");
                });
        assertThat(listWatch.calls()).hasSize(1);
        assertThat(watcher.watches()).isZero();
        assertThat(watcher.stopped()).isCompletedExceptionally();
    }
    // end::refused[]

    @Test
    @DisplayName("StreamWatcher on its own: a refusal before streaming is the chapter-3 StatusException, with the server's message")
    void streamRefusal() {
        ConfigMapClient cms = cluster.namespace("stream-refused");
        ListWatch listWatch = cluster.listWatch(cms).withSelectors("app in (web", null);
        assertThatThrownBy(() -> listWatch.watch(WatchRequest.from("0")))
                .isInstanceOfSatisfying(StatusException.class, e -> {
                    assertThat(e.status().code()).isEqualTo(400);
                    assertThat(e.status().reason()).isEqualTo("BadRequest");
                    assertThat(e).hasMessage(e.status().message()).hasMessageContaining("expected");
                });
    }

    @Test
    @DisplayName("close() ends a running watcher normally")
    void closeEndsNormally() throws Exception {
        ConfigMapClient cms = cluster.namespace("close");
        ResumingWatcher watcher = new ResumingWatcher(cluster.listWatch(cms), cluster.listResourceVersion(cms),
                new RecordingHandler(), ResumingWatcher.Options.DEFAULT).start();
        new RecordingHandler().await("the stream to open", h -> watcher.watches() == 1, LIVENESS);
        watcher.close();
        try {
            watcher.stopped().get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError("closed watcher failed", e.getCause());
        }
    }
}
