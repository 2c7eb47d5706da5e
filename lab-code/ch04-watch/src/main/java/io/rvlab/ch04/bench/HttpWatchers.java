package io.rvlab.ch04.bench;

import java.net.URI;
import java.nio.ByteBuffer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * N watchers, each a Kubernetes watch over HTTP: {@code GET .../configmaps?watch=1&resourceVersion=R},
 * one stream (one HTTP/1.1 connection) per watcher, one JSON event per line. Read with
 * {@code java.net.http} and a byte subscriber, so a thousand streams need a selector thread and a
 * small pool, not a thousand blocked threads; the bytes go through an {@link EventLineScanner}, not
 * a text decoder and a JSON parser. An ERROR event, or a stream that ends while the cell runs, is
 * recorded as the watcher's failure.
 */
final class HttpWatchers implements Watchers {

    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
        Thread thread = new Thread(r, "bench-watchers");
        thread.setDaemon(true);
        return thread;
    });
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(pool)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final List<DeliveryLog> logs = new ArrayList<>();
    private final List<CompletableFuture<HttpResponse<Void>>> streams = new ArrayList<>();
    private final List<StreamWatcher> watchers = new ArrayList<>();
    private final IntSupplier etcdWatches;
    private volatile boolean closing;

    /**
     * Opens {@code count} watches of {@code collection} (the URL of the collection, without query)
     * from {@code fromResourceVersion}, and waits until every one has its response headers.
     *
     * @param etcdWatches how many watches etcd holds (the server's watch cache among them)
     */
    HttpWatchers(URI collection, long fromResourceVersion, int count, IntSupplier etcdWatches)
            throws InterruptedException {
        this.etcdWatches = etcdWatches;
        URI uri = URI.create(collection + "?watch=1&resourceVersion=" + fromResourceVersion);
        CountDownLatch connected = new CountDownLatch(count);
        for (int i = 0; i < count; i++) {
            DeliveryLog log = new DeliveryLog();
            logs.add(log);
            StreamWatcher watcher = new StreamWatcher(log);
            watchers.add(watcher);
            HttpRequest request = HttpRequest.newBuilder(uri).header("Accept", "application/json")
                    .header("User-Agent", "rvlab-bench-watch/1.0").GET().build();
            CompletableFuture<HttpResponse<Void>> stream = http.sendAsync(request, info -> {
                connected.countDown(); // the headers are in: the server has registered this watch
                if (info.statusCode() != 200) {
                    log.failed("watch answered " + info.statusCode());
                }
                return HttpResponse.BodySubscribers.fromSubscriber(watcher);
            });
            stream.whenComplete((response, error) -> {
                if (!closing) {
                    log.failed(error != null ? "watch stream failed: " + error : "watch stream ended");
                }
            });
            streams.add(stream);
        }
        if (!connected.await(60, TimeUnit.SECONDS)) {
            close();
            throw new IllegalStateException("only " + (count - connected.getCount()) + " of " + count
                    + " watches were answered within 60 s");
        }
    }

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
        closing = true;
        watchers.forEach(StreamWatcher::cancel);
        streams.forEach(s -> s.cancel(true));
        pool.shutdownNow();
    }

    /** One watcher: the stream's bytes, scanned for event lines as they arrive. */
    private final class StreamWatcher implements Flow.Subscriber<List<ByteBuffer>> {

        private final DeliveryLog log;
        private final EventLineScanner scanner = new EventLineScanner();
        private volatile Flow.Subscription subscription;

        StreamWatcher(DeliveryLog log) {
            this.log = log;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        // tag::receive[]
        @Override
        public void onNext(List<ByteBuffer> buffers) {
            for (ByteBuffer buffer : buffers) {
                scanner.feed(buffer, (type, resourceVersion) -> {
                    if (type == 'E') {
                        log.failed("ERROR event (an expired resourceVersion, or the server ending the watch)");
                    } else if (type != 'B' && resourceVersion > 0) {
                        // the moment this watcher has the event parsed: where its delivery latency ends
                        log.received(resourceVersion, System.nanoTime());
                    }
                });
            }
        }
        // end::receive[]

        @Override
        public void onError(Throwable error) {
            if (!closing) {
                log.failed("watch stream failed: " + error);
            }
        }

        @Override
        public void onComplete() {
        }

        void cancel() {
            Flow.Subscription s = subscription;
            if (s != null) {
                s.cancel();
            }
        }
    }
}
