package io.rvlab.ch05.server;

import io.rvlab.ch04.cache.WatchCache;
import java.util.List;

/**
 * {@code ./course serve}: etcd plus chapter 5's API server, which also streams lists. The same
 * switches as chapter 4's ({@link io.rvlab.ch04.server.ApiServerMain}): {@code RVLAB_WATCH_CACHE_SIZE}
 * changes per resource in the watch cache's window (default 1000), and {@code RVLAB_WATCH_CACHE=false}
 * to serve every watch straight from etcd.
 */
public final class ApiServerMain {

    private ApiServerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        WatchCache.Options options = WatchCache.Options.DEFAULT.withCapacity(io.rvlab.ch04.server.ApiServerMain.windowSize(System.getenv("RVLAB_WATCH_CACHE_SIZE")));
        boolean cached = !"false".equals(System.getenv("RVLAB_WATCH_CACHE"));
        io.rvlab.ch02.server.ApiServerMain.serve(args,
                (etcd, bind, port) -> cached ? WatchListApiServer.start(etcd, bind, port, options)
                        : WatchListApiServer.startWithoutCache(etcd, bind, port),
                List.of("kubectl --server {url} get configmaps -w          (then change one in another terminal)",
                        "curl -sN '{url}/api/v1/namespaces/default/configmaps?watch=1&sendInitialEvents=true"
                                + "&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true'"));
    }
}
