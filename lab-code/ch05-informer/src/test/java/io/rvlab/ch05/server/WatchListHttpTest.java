package io.rvlab.ch05.server;

import static io.rvlab.ch05.server.WatchListFixture.WATCH_LIST;
import static io.rvlab.ch05.server.WatchListFixture.configMaps;
import static io.rvlab.ch05.server.WatchListFixture.next;
import static io.rvlab.ch05.server.WatchListFixture.rv;
import static io.rvlab.ch05.server.WatchListFixture.untilBookmark;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Streaming lists over HTTP against chapter 5's server on a real etcd: the state as ADDED events,
 * one BOOKMARK annotated {@code k8s.io/initial-events-end} at the state's resourceVersion, then
 * the changes after it; and every start point a streaming list may have (KEP-3157, "watch-list").
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@DisplayName("Streaming lists (sendInitialEvents) over HTTP")
class WatchListHttpTest {

    private final WatchListFixture cluster;

    WatchListHttpTest(Client etcd) {
        this.cluster = new WatchListFixture(etcd, WatchListApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT));
    }

    @AfterAll
    void stop() {
        cluster.close();
    }

    private static String names(List<WatchEvent> events) {
        return String.join(",", events.stream().map(e -> e.type() + " " + e.object().path("metadata").path("name").asText()).toList());
    }

    @Test
    @DisplayName("resourceVersion \"\": the state as ADDED, then ONE annotated BOOKMARK at a revision >= etcd's at request time, then live events")
    void consistentWatchList() throws Exception {
        String ns = cluster.namespace("wl");
        ObjectNode a = cluster.create(ns, "a");
        ObjectNode b = cluster.create(ns, "b");
        long etcdAtRequest = cluster.etcdRevision();
        try (StreamWatcher watch = cluster.watch(configMaps(ns) + "?" + WATCH_LIST)) {
            List<WatchEvent> initial = untilBookmark(watch);
            assertThat(names(initial)).isEqualTo("ADDED a,ADDED b,BOOKMARK ");
            assertThat(initial.subList(0, 2)).extracting(e -> rv(e.object())).containsExactly(rv(a), rv(b));
            JsonNode bookmark = initial.get(2).object();
            assertThat(bookmark.path("kind").asText()).isEqualTo("ConfigMap");
            assertThat(bookmark.path("apiVersion").asText()).isEqualTo("v1");
            assertThat(bookmark.path("metadata").path("annotations").toString())
                    .isEqualTo("{\"k8s.io/initial-events-end\":\"true\"}");
            assertThat(rv(bookmark)).isGreaterThanOrEqualTo(etcdAtRequest).isGreaterThanOrEqualTo(rv(b));

            ObjectNode c = cluster.create(ns, "c");
            WatchEvent live = watch.next();
            assertThat(live.type()).isEqualTo(WatchEvent.Type.ADDED);
            assertThat(rv(live.object())).isEqualTo(rv(c)).isGreaterThan(rv(bookmark));
        }
    }

    @Test
    @DisplayName("the bookmark's resourceVersion is the type's, not the namespace's: it covers a write in another namespace")
    void bookmarkIsGlobal() throws Exception {
        String ns = cluster.namespace("wl");
        String other = cluster.namespace("wl-other");
        cluster.create(ns, "a");
        ObjectNode elsewhere = cluster.create(other, "x");
        try (StreamWatcher watch = cluster.watch(configMaps(ns) + "?" + WATCH_LIST)) {
            List<WatchEvent> initial = untilBookmark(watch);
            assertThat(names(initial)).isEqualTo("ADDED a,BOOKMARK ");
            assertThat(rv(initial.get(1).object())).isGreaterThanOrEqualTo(rv(elsewhere));
        }
    }

    @Test
    @DisplayName("fieldSelector metadata.name: only that object, the bookmark still at the type's resourceVersion")
    void singleObject() throws Exception {
        String ns = cluster.namespace("wl");
        cluster.create(ns, "a");
        ObjectNode b = cluster.create(ns, "b");
        try (StreamWatcher watch = cluster.watch(configMaps(ns) + "?" + WATCH_LIST + "&fieldSelector=metadata.name%3Da")) {
            List<WatchEvent> initial = untilBookmark(watch);
            assertThat(names(initial)).isEqualTo("ADDED a,BOOKMARK ");
            assertThat(rv(initial.get(1).object())).isGreaterThanOrEqualTo(rv(b));
        }
    }

    @Test
    @DisplayName("resourceVersion \"0\": the cache's state, the bookmark at the cache's resourceVersion")
    void anyWatchList() throws Exception {
        String ns = cluster.namespace("wl");
        ObjectNode a = cluster.create(ns, "a");
        try (StreamWatcher watch = cluster.watch(configMaps(ns) + "?" + WATCH_LIST + "&resourceVersion=0")) {
            List<WatchEvent> initial = untilBookmark(watch);
            assertThat(names(initial)).endsWith("BOOKMARK ");
            assertThat(rv(initial.get(initial.size() - 1).object())).isGreaterThanOrEqualTo(
                    initial.stream().mapToLong(e -> rv(e.object())).max().orElseThrow());
            if (initial.size() == 2) { // the cache had already seen a (it usually has)
                assertThat(rv(initial.get(0).object())).isEqualTo(rv(a));
            }
        }
    }

    @Test
    @DisplayName("resourceVersion N: the whole state (not the changes since N) at a resourceVersion >= N")
    void notOlderThanN() throws Exception {
        String ns = cluster.namespace("wl");
        ObjectNode a = cluster.create(ns, "a");
        ObjectNode b = cluster.create(ns, "b");
        cluster.update(ns, "a", "a2");
        try (StreamWatcher watch = cluster.watch(configMaps(ns) + "?" + WATCH_LIST + "&resourceVersion=" + rv(b))) {
            List<WatchEvent> initial = untilBookmark(watch);
            assertThat(names(initial)).isEqualTo("ADDED a,ADDED b,BOOKMARK ");
            assertThat(initial.get(0).object().path("data").path("k").asText()).isEqualTo("a2");
            assertThat(rv(initial.get(2).object())).isGreaterThanOrEqualTo(rv(b));
        }
        assertThat(rv(a)).isLessThan(rv(b));
    }

    @Test
    @DisplayName("resourceVersion N the cache does not reach within 3 s: one ERROR event, 504 Timeout, cause ResourceVersionTooLarge")
    void tooLarge() throws Exception {
        String ns = cluster.namespace("wl");
        long future = cluster.etcdRevision() + 1000;
        try (StreamWatcher watch = cluster.watch(configMaps(ns) + "?" + WATCH_LIST + "&resourceVersion=" + future)) {
            WatchEvent error = watch.next();
            assertThat(error.type()).isEqualTo(WatchEvent.Type.ERROR);
            JsonNode status = error.object();
            assertThat(status.path("code").asInt()).isEqualTo(504);
            assertThat(status.path("reason").asText()).isEqualTo("Timeout");
            assertThat(status.path("message").asText()).startsWith("Timeout: Too large resource version: " + future + ", current: ");
            assertThat(status.at("/details/causes/0/reason").asText()).isEqualTo("ResourceVersionTooLarge");
            assertThat(status.at("/details/causes/0/message").asText()).isEqualTo("Too large resource version");
            assertThat(status.at("/details/retryAfterSeconds").asInt()).isEqualTo(1);
            assertThat(watch.next()).isNull();
        }
    }

    @Test
    @DisplayName("without allowWatchBookmarks: the state, then the changes, and no marker between them")
    void withoutBookmarks() throws Exception {
        String ns = cluster.namespace("wl");
        cluster.create(ns, "a");
        try (StreamWatcher watch = cluster.watch(configMaps(ns)
                + "?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan")) {
            assertThat(names(next(watch, 1))).isEqualTo("ADDED a");
            cluster.create(ns, "b");
            assertThat(names(next(watch, 1))).isEqualTo("ADDED b");
        }
    }

    @Nested
    @DisplayName("defaulting: a watch from \"\" or \"0\" naming neither sendInitialEvents nor resourceVersionMatch is a streaming list")
    class Defaulting {

        @Test
        @DisplayName("watch=1&resourceVersion=0&allowWatchBookmarks=true ends its ADDED events with the annotated bookmark")
        void rvZero() throws Exception {
            String ns = cluster.namespace("wl");
            cluster.create(ns, "a");
            try (StreamWatcher watch = cluster.watch(configMaps(ns) + "?watch=1&resourceVersion=0&allowWatchBookmarks=true")) {
                List<WatchEvent> initial = untilBookmark(watch);
                assertThat(initial.get(initial.size() - 1).object().at("/metadata/annotations/k8s.io~1initial-events-end").asText())
                        .isEqualTo("true");
            }
        }

        @Test
        @DisplayName("watch=1&allowWatchBookmarks=true (no resourceVersion) is a consistent streaming list")
        void rvUnset() throws Exception {
            String ns = cluster.namespace("wl");
            cluster.create(ns, "a");
            long etcdAtRequest = cluster.etcdRevision();
            try (StreamWatcher watch = cluster.watch(configMaps(ns) + "?watch=1&allowWatchBookmarks=true")) {
                List<WatchEvent> initial = untilBookmark(watch);
                assertThat(names(initial)).isEqualTo("ADDED a,BOOKMARK ");
                assertThat(rv(initial.get(1).object())).isGreaterThanOrEqualTo(etcdAtRequest);
            }
        }

        @Test
        @DisplayName("a watch from N is chapter 4's: the changes after N, no state, no marker")
        void fromN() throws Exception {
            String ns = cluster.namespace("wl");
            ObjectNode a = cluster.create(ns, "a");
            cluster.create(ns, "b");
            try (StreamWatcher watch = cluster.watch(configMaps(ns) + "?watch=1&allowWatchBookmarks=true&resourceVersion=" + rv(a))) {
                assertThat(names(next(watch, 1))).isEqualTo("ADDED b");
            }
        }
    }

    @Nested
    @DisplayName("sendInitialEvents=false: no state, only changes")
    class NoInitialEvents {

        private static final String NO_STATE = "?watch=1&sendInitialEvents=false&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true";

        @Test
        @DisplayName("resourceVersion \"\": the changes after etcd's current revision")
        void fromNow() throws Exception {
            String ns = cluster.namespace("wl");
            cluster.create(ns, "a");
            try (StreamWatcher watch = cluster.watch(configMaps(ns) + NO_STATE)) {
                cluster.create(ns, "b");
                assertThat(names(next(watch, 1))).isEqualTo("ADDED b");
            }
        }

        @Test
        @DisplayName("resourceVersion \"0\": the changes after the cache's resourceVersion")
        void fromCache() throws Exception {
            String ns = cluster.namespace("wl");
            ObjectNode a = cluster.create(ns, "a");
            WatchListStarter.waitUntilFresh(cluster.server.cache(io.rvlab.ch02.registry.ResourceTypes.CONFIGMAPS), rv(a));
            try (StreamWatcher watch = cluster.watch(configMaps(ns) + NO_STATE + "&resourceVersion=0")) {
                cluster.create(ns, "b");
                assertThat(names(next(watch, 1))).isEqualTo("ADDED b");
            }
        }

        @Test
        @DisplayName("resourceVersion N: the changes after N")
        void fromN() throws Exception {
            String ns = cluster.namespace("wl");
            ObjectNode a = cluster.create(ns, "a");
            cluster.create(ns, "b");
            try (StreamWatcher watch = cluster.watch(configMaps(ns) + NO_STATE + "&resourceVersion=" + rv(a))) {
                assertThat(names(next(watch, 1))).isEqualTo("ADDED b");
            }
        }
    }
}
