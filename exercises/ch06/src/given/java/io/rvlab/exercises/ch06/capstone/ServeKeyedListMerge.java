package io.rvlab.exercises.ch06.capstone;

import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.exercises.ch06.KeyedListMerge;
import java.time.Clock;
import java.util.List;

/**
 * {@code ./course serve --exercise 6.3}: etcd plus chapter 6's API server with <em>your</em> keyed-list
 * merge (exercise 6.3) in place of its own, so that every {@code kubectl apply --server-side} of a Deployment
 * goes through your code. Given, not part of the exercise; the same switches as {@code ./course serve}
 * ({@code --port}, {@code --bind}, {@code --quiet}, {@code RVLAB_WATCH_CACHE_SIZE}).
 */
public final class ServeKeyedListMerge {

    private ServeKeyedListMerge() {
    }

    public static void main(String[] args) throws InterruptedException {
        WatchCache.Options options = WatchCache.Options.DEFAULT
                .withCapacity(io.rvlab.ch04.server.ApiServerMain.windowSize(System.getenv("RVLAB_WATCH_CACHE_SIZE")));
        System.out.println("Chapter 6's API server with your KeyedListMerge (exercise 6.3) merging every set and"
                + " keyed list of an apply.");
        io.rvlab.ch02.server.ApiServerMain.serve(args,
                (etcd, bind, port) -> ApplyApiServer.start(etcd, bind, port, options, Clock.systemUTC(), new KeyedListMerge()),
                List.of("kubectl --server {url} apply --server-side -f web.yaml                 (a Deployment with containers)",
                        "kubectl --server {url} apply --server-side --field-manager=injector -f sidecar.yaml",
                        "kubectl --server {url} get deployment web -o yaml --show-managed-fields"));
    }
}
