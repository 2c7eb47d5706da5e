package io.rvlab.ch04.bench;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import io.etcd.jetcd.watch.WatchResponse;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.storage.RegistryPrefix;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * N watchers with an etcd watch each, all on the same prefix from the same revision: what an API
 * server without a watch cache holds for N Kubernetes watchers (kube-apiserver with
 * {@code --watch-cache=false} opens one etcd watch per watch request). etcd sends every change N
 * times. A watcher reads the event's mod_revision, its resourceVersion, and does not decode the
 * value: this mode measures etcd's fan-out, not JSON. The etcd watches held are etcd's own count,
 * so the API server's (its watch cache's) are in it too.
 */
final class EtcdWatchers implements Watchers {

    private final List<DeliveryLog> logs = new ArrayList<>();
    private final List<Watch.Watcher> watches = new ArrayList<>();
    private final IntSupplier etcdWatches;

    // tag::direct[]
    EtcdWatchers(Client client, RegistryPrefix prefix, long fromResourceVersion, int count, IntSupplier etcdWatches) {
        this.etcdWatches = etcdWatches;
        WatchOption option = WatchOption.builder().isPrefix(true).withRevision(fromResourceVersion + 1).build();
        for (int i = 0; i < count; i++) {
            DeliveryLog log = new DeliveryLog();
            logs.add(log);
            watches.add(client.getWatchClient().watch(Bytes.bytes(prefix.path()), option, Watch.listener(
                    (WatchResponse response) -> {
                        long now = System.nanoTime();
                        for (WatchEvent event : response.getEvents()) {
                            log.received(event.getKeyValue().getModRevision(), now);
                        }
                    },
                    error -> log.failed("etcd watch failed: " + error))));
        }
    }
    // end::direct[]

    @Override
    public List<DeliveryLog> logs() {
        return logs;
    }

    @Override
    public int etcdWatches() {
        return etcdWatches.getAsInt();
    }

    @Override
    public void close() {
        watches.forEach(Watch.Watcher::close);
    }
}
