package io.rvlab.ch05.server;

import static io.rvlab.ch05.server.WatchListFixture.WATCH_LIST;
import static io.rvlab.ch05.server.WatchListFixture.configMaps;
import static io.rvlab.ch05.server.WatchListFixture.rv;
import static io.rvlab.ch05.server.WatchListFixture.untilBookmark;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** A resourceVersion older than the watch cache's window, and a server without watch caches. */
@ExtendWith(EtcdExtension.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@DisplayName("Streaming lists and the watch cache's window; without a cache")
class WatchListWindowTest {

    private final Client etcd;

    WatchListWindowTest(Client etcd) {
        this.etcd = etcd;
    }

    @Test
    @DisplayName("N older than the window: sendInitialEvents=false gets ERROR 410 as in chapter 4; sendInitialEvents=true still gets the state")
    void olderThanWindow() throws Exception {
        try (WatchListFixture cluster = new WatchListFixture(etcd,
                WatchListApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT.withCapacity(2)))) {
            String ns = cluster.namespace("window");
            ObjectNode first = cluster.create(ns, "a");
            for (int i = 0; i < 5; i++) {
                cluster.update(ns, "a", "v" + i);
            }
            try (StreamWatcher watch = cluster.watch(configMaps(ns)
                    + "?watch=1&sendInitialEvents=false&resourceVersionMatch=NotOlderThan&resourceVersion=" + rv(first))) {
                WatchEvent error = watch.next();
                assertThat(error.type()).isEqualTo(WatchEvent.Type.ERROR);
                assertThat(error.object().path("code").asInt()).isEqualTo(410);
                assertThat(error.object().path("reason").asText()).isEqualTo("Expired");
            }
            try (StreamWatcher watch = cluster.watch(configMaps(ns) + "?" + WATCH_LIST + "&resourceVersion=" + rv(first))) {
                List<WatchEvent> initial = untilBookmark(watch);
                assertThat(initial).extracting(WatchEvent::type).containsExactly(WatchEvent.Type.ADDED, WatchEvent.Type.BOOKMARK);
                assertThat(initial.get(0).object().path("data").path("k").asText()).isEqualTo("v4");
            }
        }
    }

    @Test
    @DisplayName("without a watch cache: an etcd list at the latest revision as ADDED, the annotated bookmark at that revision, then etcd's changes")
    void withoutCache() throws Exception {
        try (WatchListFixture cluster = new WatchListFixture(etcd, WatchListApiServer.startWithoutCache(etcd, "127.0.0.1", 0))) {
            String ns = cluster.namespace("nocache");
            ObjectNode a = cluster.create(ns, "a");
            long etcdAtRequest = cluster.etcdRevision();
            try (StreamWatcher watch = cluster.watch(configMaps(ns) + "?" + WATCH_LIST)) {
                List<WatchEvent> initial = untilBookmark(watch);
                assertThat(initial).extracting(WatchEvent::type).containsExactly(WatchEvent.Type.ADDED, WatchEvent.Type.BOOKMARK);
                assertThat(rv(initial.get(0).object())).isEqualTo(rv(a));
                assertThat(rv(initial.get(1).object())).isGreaterThanOrEqualTo(etcdAtRequest);
                assertThat(initial.get(1).object().at("/metadata/annotations/k8s.io~1initial-events-end").asText()).isEqualTo("true");
                ObjectNode b = cluster.create(ns, "b");
                WatchEvent live = watch.next();
                assertThat(rv(live.object())).isEqualTo(rv(b));
            }
        }
    }
}
