package io.rvlab.ch05.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.client.RestConfig;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The client child of {@code ./course bench list}: syncs one collection in the given mode, alone in
 * its JVM so its heap is its own, and reports how long until synced, what it asked for and its heap.
 *
 * <pre>BenchClientMain &lt;collection path&gt; &lt;list|list-rv0|watch-list&gt; &lt;page size&gt; &lt;informer|plain&gt;</pre>
 * then waits for {@code sync <server URL>} on its stdin, so that its JVM can start before the server is ready.
 */
public final class BenchClientMain {

    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(3);

    private BenchClientMain() {
    }

    public static void main(String[] args) throws Exception {
        String collection = args[0];
        SyncMode mode = SyncMode.fromOption(args[1]);
        long pageSize = Long.parseLong(args[2]);
        ClientKind kind = ClientKind.fromOption(args[3]);
        String command = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        if (command == null || !command.startsWith("sync ")) {
            System.exit(0); // the parent gave up before the server was ready
        }
        RestConfig config = RestConfig.forUrl(URI.create(command.substring("sync ".length()).strip()));

        HeapPeaks heap = HeapPeaks.start();
        long atStart = HeapPeaks.liveNow();
        heap.reset(atStart);
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
                .put("liveAtStart", atStart).put("liveAtSynced", atSynced).put("usedPeak", peaks.usedPeak())
                .put("afterGcPeak", Math.max(peaks.afterGcPeak(), atSynced)).put("collections", peaks.collections())
                .put("error", synced ? client.error() : String.valueOf(client.error()));
        client.clearStore();
        report.put("liveWithoutStore", HeapPeaks.liveNow());
        client.close();
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
