package io.rvlab.ch05.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.client.RestConfig;
import java.net.URI;
import java.time.Duration;

/**
 * The client child of {@code ./course bench list}: syncs one collection in the given mode, alone in
 * its JVM so its heap is its own, and reports how long until synced, what it asked for and its heap.
 *
 * <pre>BenchClientMain &lt;server URL&gt; &lt;collection path&gt; &lt;list|watch-list&gt; &lt;page size&gt; &lt;informer|plain&gt;</pre>
 */
public final class BenchClientMain {

    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(3);

    private BenchClientMain() {
    }

    public static void main(String[] args) throws Exception {
        RestConfig config = RestConfig.forUrl(URI.create(args[0]));
        String collection = args[1];
        SyncMode mode = SyncMode.fromOption(args[2]);
        long pageSize = Long.parseLong(args[3]);
        ClientKind kind = ClientKind.fromOption(args[4]);

        HeapPeaks heap = HeapPeaks.start();
        heap.reset(HeapPeaks.liveNow());
        ObjectNode report = ChildProtocol.body();
        SyncingClient client = kind.create(config, collection, mode, pageSize);
        // tag::measure[]
        long started = System.nanoTime();
        client.start();
        boolean synced = client.waitForSync(SYNC_TIMEOUT);
        long syncedNanos = System.nanoTime() - started;
        HeapPeaks.Peaks peaks = heap.peaks();   // while the list (or the initial events) came in
        long atSynced = HeapPeaks.liveNow();    // what stays: the store, the informer, the HTTP client
        // end::measure[]
        waitForWatch(client);
        report.put("synced", synced).put("syncedMicros", syncedNanos / 1000).put("items", client.storeSize())
                .put("listRequests", client.listRequests()).put("watchRequests", client.watchRequests())
                .put("liveAtSynced", atSynced).put("usedPeak", peaks.usedPeak())
                .put("afterGcPeak", Math.max(peaks.afterGcPeak(), atSynced)).put("collections", peaks.collections())
                .put("error", synced ? client.error() : String.valueOf(client.error()));
        client.close();
        client = null; // so the next full GC frees the store
        report.put("liveAfterClose", HeapPeaks.liveNow());
        ChildProtocol.send("synced", report);
        System.exit(0); // HTTP client threads
    }

    /** A list-then-watch client opens its watch after synced; wait a moment so the count includes it. */
    private static void waitForWatch(SyncingClient client) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (client.watchRequests() == 0 && client.error() == null && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
    }
}
