package io.rvlab.ch04.cache;

import static io.rvlab.ch04.watch.WatchEvent.Type.ADDED;
import static io.rvlab.ch04.watch.WatchEvent.Type.BOOKMARK;
import static io.rvlab.ch04.watch.WatchEvent.Type.DELETED;
import static io.rvlab.ch04.watch.WatchEvent.Type.ERROR;
import static io.rvlab.ch04.watch.WatchEvent.Type.MODIFIED;
import static io.rvlab.ch04.watch.Writes.rv;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.Selection;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.storage.Preconditions;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch04.watch.Writes;
import io.rvlab.support.etcd.EtcdExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The watch cache over the shared real etcd: one etcd watch for the configmaps of every
 * namespace; each test writes in a namespace of its own and watches only that one.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("WatchCache: one etcd watch, a window of recent changes, many watchers")
class WatchCacheTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final Client client;
    private final Writes writes;
    private final List<AutoCloseable> open = new ArrayList<>();

    WatchCacheTest(Client client) {
        this.client = client;
        this.writes = new Writes(client);
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : open) {
            closeable.close();
        }
    }

    private WatchCache cache(WatchCache.Options options) {
        WatchCache cache = WatchCache.start(client, ResourceTypes.CONFIGMAPS, options);
        open.add(cache);
        return cache;
    }

    private CacheWatcher watch(WatchCache cache, WatchOptions options) {
        CacheWatcher watcher = cache.watch(options);
        open.add(watcher);
        return watcher;
    }

    private static List<WatchEvent> take(CacheWatcher watcher, int count) throws InterruptedException {
        List<WatchEvent> events = new ArrayList<>();
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (events.size() < count && System.nanoTime() < deadline && !watcher.ended()) {
            WatchEvent event = watcher.next(Duration.ofMillis(100));
            if (event != null) {
                events.add(event);
            }
        }
        assertThat(events).as("events received").hasSize(count);
        return events;
    }

    private static void awaitResourceVersion(WatchCache cache, long revision) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (cache.resourceVersion() < revision) {
            assertThat(System.nanoTime()).as("cache reaches " + revision).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    @Test
    @DisplayName("a watch from N replays the window's changes after N, then follows live ones, in order")
    void replaysWindowThenLive() throws InterruptedException {
        WatchCache cache = cache(WatchCache.Options.DEFAULT);
        ObjectNode created = writes.create("cm-a", "1");
        ObjectNode updated = writes.update("cm-a", "2");
        awaitResourceVersion(cache, Long.parseLong(rv(updated)));

        CacheWatcher watcher = watch(cache, WatchOptions.from(writes.namespace, rv(created)));
        ObjectNode deleted = writes.delete("cm-a");

        List<WatchEvent> events = take(watcher, 2);
        assertThat(events).extracting(WatchEvent::type).containsExactly(MODIFIED, DELETED);
        assertThat(events).extracting(WatchEvent::resourceVersion).containsExactly(rv(updated), rv(deleted));
        assertThat(events.get(1).object().path("data").path("k").asText()).as("DELETED carries the last state")
                .isEqualTo("2");
    }

    @Test
    @DisplayName("a watch from \"0\" starts with an ADDED for every object of the namespace, then changes")
    void fromZeroStartsWithState() throws InterruptedException {
        WatchCache cache = cache(WatchCache.Options.DEFAULT);
        writes.create("cm-a", "a");
        ObjectNode b = writes.create("cm-b", "b");
        awaitResourceVersion(cache, Long.parseLong(rv(b)));

        CacheWatcher watcher = watch(cache, WatchOptions.from(writes.namespace, "0"));
        writes.update("cm-a", "a2");

        List<WatchEvent> events = take(watcher, 3);
        assertThat(events).extracting(WatchEvent::type).containsExactly(ADDED, ADDED, MODIFIED);
        assertThat(events).extracting(e -> e.object().path("metadata").path("name").asText())
                .containsExactly("cm-a", "cm-b", "cm-a");
    }

    @Test
    @DisplayName("a resourceVersion older than the window: one ERROR event, 410 Expired, and the watch ends")
    void tooOldIsExpired() throws InterruptedException {
        WatchCache cache = cache(WatchCache.Options.DEFAULT.withCapacity(3));
        ObjectNode first = writes.create("cm-a", "0");
        ObjectNode last = first;
        for (int i = 1; i <= 5; i++) {
            last = writes.update("cm-a", Integer.toString(i));
        }
        awaitResourceVersion(cache, Long.parseLong(rv(last)));

        CacheWatcher watcher = watch(cache, WatchOptions.from(writes.namespace, rv(first)));
        WatchEvent error = take(watcher, 1).get(0);
        assertThat(error.type()).isEqualTo(ERROR);
        assertThat(error.object().path("code").asInt()).isEqualTo(410);
        assertThat(error.object().path("reason").asText()).isEqualTo("Expired");
        assertThat(error.object().path("message").asText())
                .isEqualTo("too old resource version: " + rv(first) + " (" + cache.oldestResumable() + ")");
        assertThat(watcher.next(Duration.ofMillis(200))).isNull();
        assertThat(watcher.ended()).isTrue();

        CacheWatcher recent = watch(cache, WatchOptions.from(writes.namespace, Long.toString(cache.oldestResumable())));
        assertThat(take(recent, 3)).extracting(WatchEvent::type).containsOnly(MODIFIED);
    }

    @Test
    @DisplayName("with a label selector, an object that starts matching is ADDED and one that stops is DELETED")
    void selectorTransitions() throws InterruptedException {
        WatchCache cache = cache(WatchCache.Options.DEFAULT);
        CacheWatcher watcher = watch(cache, WatchOptions.from(writes.namespace, writes.now())
                .withFilter(Selection.parse("app=web", "")));
        writes.create("cm-l", "plain");
        ObjectNode labelled = label("cm-l", "web");
        ObjectNode changed = writes.update("cm-l", "changed");
        ObjectNode relabelled = label("cm-l", "db");

        List<WatchEvent> events = take(watcher, 3);
        assertThat(events).extracting(WatchEvent::type).containsExactly(ADDED, MODIFIED, DELETED);
        assertThat(events).extracting(WatchEvent::resourceVersion)
                .containsExactly(rv(labelled), rv(changed), rv(relabelled));
        assertThat(events.get(2).object().path("metadata").path("labels").path("app").asText())
                .as("DELETED shows the last state that matched").isEqualTo("web");
    }

    private ObjectNode label(String name, String app) {
        return writes.storage.guaranteedUpdate(writes.key(name), Preconditions.NONE, current -> {
            ((ObjectNode) current.get("metadata")).putObject("labels").put("app", app);
            return current;
        });
    }

    @Test
    @DisplayName("an idle watcher gets a BOOKMARK whose resourceVersion follows etcd's revision")
    void bookmarksFollowEtcd() throws InterruptedException {
        WatchCache cache = cache(WatchCache.Options.DEFAULT.withBookmarkFrequency(Duration.ofMillis(500)));
        CacheWatcher watcher = watch(cache, WatchOptions.from(writes.namespace, writes.now()).withBookmarks());
        Writes elsewhere = new Writes(client);
        ObjectNode unrelated = elsewhere.create("cm-elsewhere", "x"); // another namespace: this watcher sees no event

        long deadline = System.nanoTime() + WAIT.toNanos();
        WatchEvent bookmark = null;
        while (System.nanoTime() < deadline) {
            WatchEvent event = watcher.next(Duration.ofMillis(100));
            if (event != null && Long.parseLong(event.resourceVersion()) >= Long.parseLong(rv(unrelated))) {
                bookmark = event;
                break;
            }
        }
        assertThat(bookmark).as("a bookmark at or past the unrelated write").isNotNull();
        assertThat(bookmark.type()).isEqualTo(BOOKMARK);
        assertThat(bookmark.object().toString())
                .isEqualTo("{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\""
                        + bookmark.resourceVersion() + "\",\"creationTimestamp\":null}}");
    }

    @Test
    @DisplayName("a hundred watchers share one etcd watch and each sees every change")
    void hundredWatchersOneEtcdWatch() throws InterruptedException {
        WatchCache cache = cache(WatchCache.Options.DEFAULT);
        String from = writes.now();
        List<CacheWatcher> watchers = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            watchers.add(watch(cache, WatchOptions.from(writes.namespace, from)));
        }
        writes.create("cm-h", "1");
        writes.update("cm-h", "2");
        for (CacheWatcher watcher : watchers) {
            assertThat(take(watcher, 2)).extracting(WatchEvent::type).containsExactly(ADDED, MODIFIED);
        }
        assertThat(cache.etcdWatches()).isEqualTo(1);
        assertThat(cache.watcherCount()).isEqualTo(100);
    }

    @Test
    @DisplayName("a resourceVersion=0 list comes from the cache, at the cache's resourceVersion")
    void listFromCache() throws InterruptedException {
        WatchCache cache = cache(WatchCache.Options.DEFAULT);
        writes.create("cm-a", "a");
        ObjectNode b = writes.create("cm-b", "b");
        awaitResourceVersion(cache, Long.parseLong(rv(b)));

        ObjectNode list = cache.list(writes.namespace, io.rvlab.ch02.storage.ObjectFilter.EVERYTHING);
        assertThat(list.path("kind").asText()).isEqualTo("ConfigMapList");
        assertThat(Long.parseLong(list.path("metadata").path("resourceVersion").asText()))
                .isGreaterThanOrEqualTo(Long.parseLong(rv(b)));
        assertThat(list.path("items")).extracting(item -> item.path("metadata").path("name").asText())
                .containsExactly("cm-a", "cm-b");
    }

    @Test
    @DisplayName("a watcher closed by its client is forgotten by the cache")
    void closedWatcherIsForgotten() {
        WatchCache cache = cache(WatchCache.Options.DEFAULT);
        CacheWatcher watcher = cache.watch(WatchOptions.from(writes.namespace, "0"));
        assertThat(cache.watcherCount()).isEqualTo(1);
        watcher.close();
        assertThat(cache.watcherCount()).isZero();
        assertThat(watcher.ended()).isTrue();
    }
}
