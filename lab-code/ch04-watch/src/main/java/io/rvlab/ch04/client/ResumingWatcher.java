package io.rvlab.ch04.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch04.watch.WatchEvent;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A watch that outlives its connections: it remembers the resourceVersion of the last event it
 * delivered and, when a stream ends (the server's {@code timeoutSeconds}, a dropped connection, a
 * busy server), watches again from there, so the {@link WatchHandler} sees every change once and
 * in order however often the connection is replaced. The idea of client-go's {@code
 * tools/watch.RetryWatcher}, plus what its reflector does when the history is gone: on 410
 * Expired it does not ask for the same resourceVersion again but lists the collection, hands the
 * handler the list ({@link WatchHandler#onReplace}) and watches from the list's resourceVersion.
 *
 * <p>A broken connection, a 429 or a 5xx (before streaming or as an ERROR event) is retried after
 * a {@link Backoff} pause. Only the server refusing the request itself (a 4xx other than 410 and
 * 429, such as a bad label selector) stops it, since asking again would get the same answer; so
 * do a stream that is not a watch and an exception from the handler. Such an error ends {@link
 * #run} and completes {@link #stopped()} exceptionally.
 */
public final class ResumingWatcher implements AutoCloseable {

    /**
     * @param allowBookmarks ask for BOOKMARK events, which move the resume point forward even when
     *     nothing the handler watches changes (so a resume is less likely to hit 410)
     * @param timeoutSeconds each watch request's {@code timeoutSeconds}; 0 lets the server choose
     * @param backoff the pause before the next attempt after failed ones
     */
    public record Options(boolean allowBookmarks, int timeoutSeconds, Backoff backoff) {

        /** Bookmarks on, five-minute streams (client-go's reflector picks 5 to 10), 100 ms up to 5 s between failures. */
        public static final Options DEFAULT =
                new Options(true, 300, Backoff.exponential(Duration.ofMillis(100), Duration.ofSeconds(5)));

        public Options withBookmarks(boolean allow) {
            return new Options(allow, timeoutSeconds, backoff);
        }

        public Options withTimeoutSeconds(int seconds) {
            return new Options(allowBookmarks, seconds, backoff);
        }

        public Options withBackoff(Backoff backoff) {
            return new Options(allowBookmarks, timeoutSeconds, backoff);
        }
    }

    private final ListerWatcher listerWatcher;
    private final WatchHandler handler;
    private final Options options;
    private final CountDownLatch closing = new CountDownLatch(1);
    private final CompletableFuture<Void> stopped = new CompletableFuture<>();
    private final AtomicInteger watches = new AtomicInteger();
    private final AtomicInteger relists = new AtomicInteger();
    private final AtomicBoolean started = new AtomicBoolean();

    private volatile String resourceVersion;
    /** Whether {@link #resourceVersion} is a place the history can be resumed from exactly. */
    private volatile boolean resumable;
    private volatile StreamWatcher current;
    private int eventsThisAttempt;

    /**
     * Watches from {@code resourceVersion}: "N" for every change after N (N usually from a list or
     * an earlier watch); "" or "0" for the current state first, as synthetic ADDED events.
     */
    public ResumingWatcher(ListerWatcher listerWatcher, String resourceVersion, WatchHandler handler, Options options) {
        this.listerWatcher = listerWatcher;
        this.handler = handler;
        this.options = options;
        this.resourceVersion = resourceVersion == null ? "" : resourceVersion;
        // The initial ADDED events of a watch from "" or "0" describe a state, not a history:
        // their resourceVersions are each object's own, in no order (client-go's reflector does not
        // take them as progress either). Until a later event or a bookmark, there is no resume point.
        this.resumable = !this.resourceVersion.isEmpty() && !this.resourceVersion.equals("0");
    }

    /** Runs {@link #run} on a daemon thread of its own; {@link #stopped()} tells how it ended. */
    public ResumingWatcher start() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("already started");
        }
        Thread thread = new Thread(() -> {
            try {
                run();
            } catch (RuntimeException | Error e) {
                // already in stopped()
            }
        }, "resuming-watcher " + listerWatcher);
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    /**
     * Watches until {@link #close()}; throws the server's refusal if it is one that asking again
     * cannot change, and whatever the handler throws.
     */
    public void run() {
        started.set(true);
        try {
            loop();
            stopped.complete(null);
        } catch (RuntimeException | Error e) {
            stopped.completeExceptionally(e);
            throw e;
        }
    }

    // tag::loop[]
    private void loop() {
        boolean mustRelist = false;
        int failures = 0;
        while (!closed()) {
            eventsThisAttempt = 0;
            try {
                if (mustRelist) {
                    relist();
                    mustRelist = false;
                }
                watchOnce();              // returns when the server ends the stream: a normal end
                failures = 0;
                mustRelist = !resumable;  // a watch from "" or "0" that ended before any resume point
            } catch (ExpiredException e) {
                mustRelist = true;        // the history after our resourceVersion is gone: list again
                failures = eventsThisAttempt > 0 ? 1 : failures + 1;
                pause(failures, 0);
            } catch (StatusException e) {
                if (!StatusErrors.isRetryable(e)) {
                    throw e;              // the request itself is wrong: asking again cannot help
                }
                failures = eventsThisAttempt > 0 ? 1 : failures + 1;
                pause(failures, e.status().retryAfterSeconds());
            } catch (IOException e) {     // the connection broke: resume from the last resourceVersion
                if (closed()) {
                    break;
                }
                failures = eventsThisAttempt > 0 ? 1 : failures + 1;
                mustRelist = !resumable;
                pause(failures, 0);
            }
        }
    }
    // end::loop[]

    // tag::watch-once[]
    private void watchOnce() throws IOException {
        WatchRequest request = WatchRequest.from(resourceVersion)
                .withBookmarks(options.allowBookmarks())
                .withTimeoutSeconds(options.timeoutSeconds());
        try (StreamWatcher stream = listerWatcher.watch(request)) {
            current = stream;
            if (closed()) {
                return; // close() came while the request was on its way
            }
            watches.incrementAndGet();
            WatchEvent event;
            while ((event = stream.next()) != null) {
                switch (event.type()) {
                    case ADDED, MODIFIED, DELETED -> {
                        handler.onEvent(event);
                        eventsThisAttempt++;
                        if (resumable || event.type() != WatchEvent.Type.ADDED) {
                            advance(event.resourceVersion());
                        }
                    }
                    case BOOKMARK -> {
                        // Nothing to deliver, but everything up to here has been: a new resume point.
                        advance(event.resourceVersion());
                        handler.onBookmark(event.resourceVersion());
                    }
                    case ERROR -> throw StreamWatcher.error(event);
                }
            }
        } finally {
            current = null;
        }
    }
    // end::watch-once[]

    private void advance(String resourceVersion) {
        if (resourceVersion.isEmpty()) {
            return; // no position to resume from; keep the last one
        }
        this.resourceVersion = resourceVersion;
        this.resumable = true;
    }

    // tag::relist[]
    /** client-go's reflector after a 410: list, replace the consumer's state, watch from the list's resourceVersion. */
    private void relist() throws IOException {
        ObjectNode list = listerWatcher.list();
        List<ObjectNode> items = new ArrayList<>();
        for (JsonNode item : list.path("items")) {
            items.add((ObjectNode) item);
        }
        String listResourceVersion = list.path("metadata").path("resourceVersion").asText();
        if (closed()) {
            return; // closed while listing: the handler hears nothing more
        }
        relists.incrementAndGet();
        handler.onReplace(List.copyOf(items), listResourceVersion);
        advance(listResourceVersion);
    }
    // end::relist[]

    private void pause(int failures, int retryAfterSeconds) {
        Duration delay = options.backoff().delay(failures);
        Duration serverAsked = Duration.ofSeconds(retryAfterSeconds);
        if (serverAsked.compareTo(delay) > 0) {
            delay = serverAsked;
        }
        try {
            closing.await(delay.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
        }
    }

    private boolean closed() {
        return closing.getCount() == 0;
    }

    /** The resume point: the resourceVersion the next watch starts from. */
    public String resourceVersion() {
        return resourceVersion;
    }

    /** How many watch streams it has opened so far. */
    public int watches() {
        return watches.get();
    }

    /** How many times it has listed after losing its place. */
    public int relists() {
        return relists.get();
    }

    /** Completes when {@link #run} returns, exceptionally with the error that stopped it. */
    public CompletableFuture<Void> stopped() {
        return stopped;
    }

    /** Stops watching: drops the open stream and ends {@link #run} normally. */
    @Override
    public void close() {
        closing.countDown();
        StreamWatcher stream = current;
        if (stream != null) {
            stream.close();
        }
    }
}
