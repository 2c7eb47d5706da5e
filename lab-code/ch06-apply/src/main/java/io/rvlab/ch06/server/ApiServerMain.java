package io.rvlab.ch06.server;

import io.rvlab.ch04.cache.WatchCache;
import java.util.List;

/**
 * {@code ./course serve}: etcd plus chapter 6's API server, which also does server-side apply. The
 * same switches as chapter 5's ({@link io.rvlab.ch05.server.ApiServerMain}): {@code RVLAB_WATCH_CACHE_SIZE}
 * changes per resource in the watch cache's window (default 1000), and {@code RVLAB_WATCH_CACHE=false}
 * serves every watch straight from etcd.
 */
public final class ApiServerMain {

    private ApiServerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        WatchCache.Options options = WatchCache.Options.DEFAULT.withCapacity(windowSize(System.getenv("RVLAB_WATCH_CACHE_SIZE")));
        boolean cached = !"false".equals(System.getenv("RVLAB_WATCH_CACHE"));
        io.rvlab.ch02.server.ApiServerMain.serve(args,
                (etcd, bind, port) -> cached ? ApplyApiServer.start(etcd, bind, port, options)
                        : ApplyApiServer.startWithoutCache(etcd, bind, port),
                List.of("kubectl --server {url} apply --server-side -f cm.yaml          (then again with --field-manager=other)",
                        "curl -s -X PATCH -H 'Content-Type: application/apply-patch+yaml' --data-binary @cm.yaml "
                                + "'{url}/api/v1/namespaces/default/configmaps/NAME?fieldManager=me'"));
    }

    static int windowSize(String text) {
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
