package io.rvlab.exercises.ch04.capstone;

import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.exercises.ch04.WatchWindow;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * {@code ./course serve --exercise 4.5}: etcd plus chapter 4's API server, every watch served from
 * <em>your</em> {@link WatchWindow} (given, not the exercise). The window's capacity is
 * {@code RVLAB_WATCH_CACHE_SIZE} changes per resource, 10 when unset, its upper bound four times that, and
 * a change stays fresh for 20 seconds (kube-apiserver: 75), so a 410 is a few writes away once the older
 * ones are 20 seconds old; bookmarks come every 5 seconds to a watch that allows them. Then, in another terminal:
 * <pre>
 * kubectl --server URL get configmaps -w
 * curl -sN 'URL/api/v1/namespaces/default/configmaps?watch=1&amp;resourceVersion=RV'
 * </pre>
 * where RV is the resourceVersion of a change you made: served while the window still reaches back to
 * it, 410 Expired once it has forgotten what came after it. (From resourceVersion 1 the 410 comes at
 * once: 1 is older than the list the cache took at start-up.)
 */
public final class ServeWatchWindow {

    private static final Duration FRESH = Duration.ofSeconds(20);

    private ServeWatchWindow() {
    }

    public static void main(String[] args) throws InterruptedException {
        String size = System.getenv("RVLAB_WATCH_CACHE_SIZE");
        int capacity = size == null || size.isBlank() ? 10 : io.rvlab.ch04.server.ApiServerMain.windowSize(size);
        WatchCache.Options options = WatchCache.Options.DEFAULT.withCapacity(capacity)
                .withBookmarkFrequency(Duration.ofSeconds(5));
        System.out.println("[4.5] every watch is served from your WatchWindow (capacity " + capacity
                + " changes per resource, up to " + 4 * capacity + " while they are younger than " + FRESH.toSeconds()
                + " s; RVLAB_WATCH_CACHE_SIZE changes the capacity)");
        io.rvlab.ch02.server.ApiServerMain.serve(args,
                (etcd, bind, port) -> WatchApiServer.start(etcd, bind, port,
                        type -> WatchCache.start(etcd, type, options,
                                c -> new WatchWindow(c, 4 * c, FRESH, Clock.systemUTC()))),
                List.of("kubectl --server {url} get configmaps -w          (then change one in another terminal)",
                        "curl -sN '{url}/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=RV'"
                                + "   (RV of a change you made: 410 Expired once your window has forgotten what followed it)",
                        "curl -sN '{url}/api/v1/namespaces/default/configmaps?watch=1&allowWatchBookmarks=true'"));
    }
}
