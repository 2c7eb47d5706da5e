package io.rvlab.exercises.ch04;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The raw etcd events of a collection, as jetcd delivers them ({@code etcdctl watch --prefix
 * --rev=R [--prev-kv]}). The tests hand these to your code.
 */
final class EtcdEvents implements AutoCloseable {

    private final BlockingQueue<WatchEvent> events = new LinkedBlockingQueue<>();
    private final Watch.Watcher watcher;

    /** Watches every key under {@code prefix} from revision {@code from} (inclusive). */
    EtcdEvents(Client client, String prefix, long from, boolean prevKv) {
        WatchOption option = WatchOption.builder().isPrefix(true).withRevision(from).withPrevKV(prevKv).build();
        watcher = client.getWatchClient().watch(ConfigMaps.utf8(prefix), option,
                Watch.listener(response -> events.addAll(response.getEvents())));
    }

    /** The next etcd event; fails the test if none comes within 10 s. */
    WatchEvent next() throws InterruptedException {
        WatchEvent event = events.poll(10, TimeUnit.SECONDS);
        if (event == null) {
            throw new AssertionError("etcd sent no watch event within 10 s (a problem of the test setup, not of your code)");
        }
        return event;
    }

    @Override
    public void close() {
        watcher.close();
    }
}
