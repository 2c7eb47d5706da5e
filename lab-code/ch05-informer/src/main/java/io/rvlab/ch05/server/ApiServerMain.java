package io.rvlab.ch05.server;

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
        io.rvlab.ch02.server.ApiServerMain.serve(args,
                io.rvlab.ch04.server.ApiServerMain.fromEnvironment(WatchListApiServer::start, WatchListApiServer::startWithoutCache),
                List.of("kubectl --server {url} get configmaps -w          (then change one in another terminal)",
                        "curl -sN '{url}/api/v1/namespaces/default/configmaps?watch=1&sendInitialEvents=true"
                                + "&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true'"));
    }
}
