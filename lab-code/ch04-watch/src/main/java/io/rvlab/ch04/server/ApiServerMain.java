package io.rvlab.ch04.server;

import io.rvlab.ch04.cache.WatchCache;
import java.util.List;

/**
 * {@code ./course serve}: etcd plus chapter 4's API server, which also watches. Options, start-up
 * and shutdown are chapter 2's ({@link io.rvlab.ch02.server.ApiServerMain}). The watch cache's
 * window holds {@code RVLAB_WATCH_CACHE_SIZE} changes per resource (default 1000); make it small to
 * meet a 410 Expired by hand. {@code RVLAB_WATCH_CACHE=false} serves every watch straight from etcd,
 * as kube-apiserver does with {@code --watch-cache=false}.
 */
public final class ApiServerMain {

    private ApiServerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        WatchCache.Options options = WatchCache.Options.DEFAULT.withCapacity(windowSize(System.getenv("RVLAB_WATCH_CACHE_SIZE")));
        boolean cached = !"false".equals(System.getenv("RVLAB_WATCH_CACHE"));
        io.rvlab.ch02.server.ApiServerMain.serve(args,
                (etcd, bind, port) -> cached ? WatchApiServer.start(etcd, bind, port, options)
                        : WatchApiServer.startWithoutCache(etcd, bind, port),
                List.of("kubectl --server {url} get configmaps -w          (then change one in another terminal)",
                        "curl -sN '{url}/api/v1/namespaces/default/configmaps?watch=1&allowWatchBookmarks=true'"));
    }

    /**
     * The watch cache window from {@code RVLAB_WATCH_CACHE_SIZE} (default when unset); anything but a
     * whole number of at least 1 stops the program with a message. Later chapters' servers read it too.
     */
    public static int windowSize(String text) {
        if (text == null || text.isBlank()) {
            return WatchCache.Options.DEFAULT.capacity();
        }
        try {
            int size = Integer.parseInt(text.trim());
            if (size >= 1) {
                return size;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        System.err.println("RVLAB_WATCH_CACHE_SIZE must be a whole number of at least 1, not " + text);
        System.exit(2);
        return -1;
    }
}
