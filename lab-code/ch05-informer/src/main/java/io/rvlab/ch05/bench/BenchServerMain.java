package io.rvlab.ch05.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch05.server.WatchListApiServer;
import io.etcd.jetcd.Client;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The API server child of {@code ./course bench list}: the chapter's server over the benchmark's
 * etcd, alone in its JVM so its heap is its own. It says {@code ready} once
 * its watch cache holds the seeded objects (with the heap live at that point), then measures its
 * heap until the parent writes {@code report} on its stdin, answers with the peaks and exits.
 *
 * <pre>BenchServerMain &lt;etcd endpoints&gt; &lt;etcd revision the cache must reach&gt;</pre>
 */
public final class BenchServerMain {

    private BenchServerMain() {
    }

    /** The server class measured. */
    static Class<?> serverClass() {
        return WatchListApiServer.class;
    }

    public static void main(String[] args) throws Exception {
        String endpoints = args[0];
        long revision = Long.parseLong(args[1]);
        HeapPeaks heap = HeapPeaks.start();
        // tag::etcd-client[]
        // As kube-apiserver's etcd client (MaxCallRecvMsgSize math.MaxInt32): the watch cache's first
        // list of 10,000 ConfigMaps is one etcd range response of about 14 MB, over gRPC's 4 MiB default.
        Client etcd = Client.builder().endpoints(endpoints.split(",")).maxInboundMessageSize(Integer.MAX_VALUE).build();
        // end::etcd-client[]
        WatchListApiServer server = WatchListApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT);
        WatchCache cache = server.cache(ResourceTypes.CONFIGMAPS);
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (cache.resourceVersion() < revision && System.nanoTime() < deadline) {
            Thread.sleep(5); // the cache's initial list, then etcd's progress notifications
        }
        long idle = HeapPeaks.liveNow();
        heap.reset(idle);
        ChildProtocol.send("ready", ChildProtocol.body().put("url", server.url().toString())
                .put("cacheResourceVersion", cache.resourceVersion()).put("idleLive", idle));

        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = commands.readLine(); line != null; line = commands.readLine()) {
            if (line.strip().equals("report")) {
                HeapPeaks.Peaks peaks = heap.peaks();
                long atSynced = HeapPeaks.liveNow(); // the end of the window: its live heap counts too
                ObjectNode body = ChildProtocol.body().put("idleLive", idle).put("usedPeak", peaks.usedPeak())
                        .put("afterGcPeak", Math.max(peaks.afterGcPeak(), atSynced)).put("liveAtSynced", atSynced)
                        .put("collections", peaks.collections());
                ChildProtocol.send("report", body);
                break;
            }
        }
        System.exit(0); // the server's, jetcd's and gRPC's threads would keep the JVM alive
    }
}
