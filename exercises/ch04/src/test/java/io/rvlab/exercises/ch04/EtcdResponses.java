package io.rvlab.exercises.ch04;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The raw responses of an etcd watch on a collection, as jetcd's listener receives them
 * ({@code etcdctl watch --prefix --rev=R --prev-kv --progress-notify}). The tests hand these to your code.
 */
final class EtcdResponses implements AutoCloseable {

    private final BlockingQueue<WatchResponse> responses = new LinkedBlockingQueue<>();
    private final Watch.Watcher watcher;

    /** Watches every key under {@code prefix} from revision {@code from} (inclusive), with prev_kv and progress notifications. */
    EtcdResponses(Client client, String prefix, long from) {
        this(client, prefix, from, true);
    }

    /** The same, with or without prev_kv ({@code etcdctl watch} without {@code --prev-kv}). */
    EtcdResponses(Client client, String prefix, long from, boolean prevKv) {
        WatchOption option = WatchOption.builder().isPrefix(true).withRevision(from).withPrevKV(prevKv)
                .withProgressNotify(true).build();
        watcher = client.getWatchClient().watch(ConfigMaps.utf8(prefix), option, Watch.listener(responses::add));
    }

    /**
     * The responses up to and including the first that {@code last} accepts; fails the test if none
     * comes within 10 s. Asks etcd for progress while it waits (etcd also sends it every second).
     */
    List<WatchResponse> until(Predicate<WatchResponse> last, String what) throws InterruptedException {
        List<WatchResponse> got = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() - deadline < 0) {
            WatchResponse response = responses.poll(200, TimeUnit.MILLISECONDS);
            if (response == null) {
                watcher.requestProgress();
                continue;
            }
            got.add(response);
            if (last.test(response)) {
                return got;
            }
        }
        throw new AssertionError("etcd sent no " + what + " within 10 s (a problem of the test setup, not of your code);"
                + " received " + got.size() + " responses");
    }

    @Override
    public void close() {
        watcher.close();
    }
}
