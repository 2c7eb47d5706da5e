package io.rvlab.ch04.guarantees;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.storage.ObjectFilter;
import io.rvlab.ch02.storage.ObjectList;
import io.rvlab.ch04.cache.CacheWatcher;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.cache.WatchOptions;
import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * A {@link WatchTarget} served by chapter 4's {@link WatchCache}, as kube-apiserver serves a
 * reflector: lists with {@code resourceVersion=0} from the cache's state, watches from the
 * cache's window, with bookmarks. A resume older than the window gets the cache's own ERROR 410.
 */
public final class WatchCacheTarget implements WatchTarget {

    private final WatchCache cache;
    private final String namespace;

    public WatchCacheTarget(WatchCache cache, String namespace) {
        this.cache = cache;
        this.namespace = namespace;
    }

    @Override
    public ObjectList list() {
        ObjectNode list = cache.list(namespace, ObjectFilter.EVERYTHING);
        List<ObjectNode> items = new ArrayList<>();
        list.path("items").forEach(item -> items.add((ObjectNode) item));
        return new ObjectList(items, list.path("metadata").path("resourceVersion").asText(), "", OptionalLong.empty());
    }

    @Override
    public EventStream watch(String resourceVersion) {
        CacheWatcher watcher = cache.watch(new WatchOptions(namespace, resourceVersion, ObjectFilter.EVERYTHING,
                true, null));
        return new EventStream() {
            @Override
            public WatchEvent next(Duration wait) throws InterruptedException {
                return watcher.next(wait);
            }

            @Override
            public boolean ended() {
                return watcher.ended();
            }

            @Override
            public String endReason() {
                return ended() ? "the watch cache ended the watch" : "";
            }

            @Override
            public void close() {
                watcher.close();
            }
        };
    }
}
