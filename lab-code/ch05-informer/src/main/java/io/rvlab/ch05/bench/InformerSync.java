package io.rvlab.ch05.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch05.cache.Indexers;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.Reflector;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.cache.RelistPolicy;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.cache.WatchListOptions;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The chapter's client as a controller would run it: a SharedInformer (Reflector, DeltaFIFO,
 * indexer by namespace) over the HTTP ResourceListerWatcher, listing in pages or watch-listing.
 */
final class InformerSync implements SyncingClient {

    // tag::first-list-at-empty[]
    /**
     * The paginated mode lists at "" first, not client-go's "0": "0" is served whole from the watch
     * cache, ignoring the limit (the list-rv0 mode), and pages are the point of this mode.
     */
    static final RelistPolicy CONSISTENT_FIRST = (lastSync, unavailable) ->
            unavailable || lastSync == null || lastSync.isEmpty() ? "" : lastSync;
    // end::first-list-at-empty[]

    private final SharedInformer informer;
    private final AtomicInteger lists = new AtomicInteger();
    private final AtomicInteger watches = new AtomicInteger();
    private volatile String error;

    InformerSync(RestConfig config, String collection, SyncMode mode, long pageSize) {
        ListerWatcher counted = new Counting(new ResourceListerWatcher(config, collection));
        ReflectorOptions options = ReflectorOptions.CLIENT_GO.withPageSize(pageSize)
                .withWatchList(mode == SyncMode.WATCH_LIST)
                .withRelist(mode == SyncMode.CACHED_LIST ? RelistPolicy.CLIENT_GO : CONSISTENT_FIRST);
        informer = new SharedInformer("bench-configmaps", counted, options, Map.of(Indexers.NAMESPACE, Indexers.byNamespace()))
                .addListener(new ReflectorListener() {
                    @Override
                    public void watchEnded(String reason) {
                        if (reason.contains("refused")) {
                            error = reason; // e.g. a watch-list that fell back to LIST: not what is measured
                        }
                    }

                    @Override
                    public void backoff(Duration pause, Throwable cause) {
                        error = String.valueOf(cause);
                    }
                });
    }

    @Override
    public void start() {
        informer.start();
    }

    @Override
    public boolean waitForSync(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!informer.hasSynced()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(1); // finer than SharedInformer#waitForSync's 10 ms: this is the measured moment
        }
        return true;
    }

    @Override
    public int storeSize() {
        return informer.indexer().listKeys().size();
    }

    @Override
    public void clearStore() {
        // The indexer is the informer's store; after synced the DeltaFIFO has handed everything over.
        informer.indexer().replace(List.of(), informer.reflector().lastSyncResourceVersion());
    }

    @Override
    public int listRequests() {
        return lists.get();
    }

    @Override
    public int watchRequests() {
        return watches.get();
    }

    @Override
    public String error() {
        return error;
    }

    @Override
    public void close() {
        informer.close();
    }

    /** Counts what the reflector asks the server for: each LIST page, each WATCH. */
    private final class Counting implements ListerWatcher {

        private final ListerWatcher inner;

        Counting(ListerWatcher inner) {
            this.inner = inner;
        }

        @Override
        public ObjectNode list(ListOptions options) throws IOException {
            lists.incrementAndGet();
            return inner.list(options);
        }

        @Override
        public StreamWatcher watch(WatchListOptions options) throws IOException {
            watches.incrementAndGet();
            return inner.watch(options);
        }
    }
}
