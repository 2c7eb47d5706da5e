package io.rvlab.ch04.bench;

import java.util.List;

/** A cell's N watchers, each with its own {@link DeliveryLog}, all watching from the same resourceVersion. */
interface Watchers extends AutoCloseable {

    /** One log per watcher, in the order they were started. */
    List<DeliveryLog> logs();

    /** How many etcd watches serve these watchers right now. */
    int etcdWatches();

    @Override
    void close();
}
