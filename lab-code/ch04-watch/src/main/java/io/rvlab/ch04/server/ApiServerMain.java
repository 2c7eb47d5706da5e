package io.rvlab.ch04.server;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.server.ApiServerMain.ServerFactory;
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
        io.rvlab.ch02.server.ApiServerMain.serve(args,
                fromEnvironment(WatchApiServer::start, WatchApiServer::startWithoutCache),
                List.of("kubectl --server {url} get configmaps -w          (then change one in another terminal)",
                        "curl -sN '{url}/api/v1/namespaces/default/configmaps?watch=1&allowWatchBookmarks=true'"));
    }

    /** Starts a chapter's server with a watch cache of {@code options} per resource. */
    @FunctionalInterface
    public interface CachedServerFactory {
        ApiServer start(Client etcd, String bindAddress, int port, WatchCache.Options options);
    }

    /**
     * The server the environment asks for, as kube-apiserver's {@code --watch-cache} and
     * {@code --default-watch-cache-size} choose it: {@code cached} with a window of
     * {@code RVLAB_WATCH_CACHE_SIZE} changes per resource, or {@code uncached} (every watch straight
     * from etcd) when {@code RVLAB_WATCH_CACHE=false}. Read now, so that a bad size stops the program
     * before etcd starts; later chapters' servers are chosen the same way.
     */
    public static ServerFactory fromEnvironment(CachedServerFactory cached, ServerFactory uncached) {
        WatchCache.Options options = WatchCache.Options.DEFAULT.withCapacity(windowSize(System.getenv("RVLAB_WATCH_CACHE_SIZE")));
        if ("false".equals(System.getenv("RVLAB_WATCH_CACHE"))) {
            return uncached;
        }
        return (etcd, bind, port) -> cached.start(etcd, bind, port, options);
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
