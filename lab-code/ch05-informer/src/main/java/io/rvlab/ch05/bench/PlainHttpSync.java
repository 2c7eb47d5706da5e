package io.rvlab.ch05.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.client.RestConfig;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bare list-then-watch / watch-list client over java.net.http, without a reflector: only what the
 * benchmark needs (fill a map, then keep watching). Used when the chapter's informer is not wanted
 * ({@code --client plain}), as a floor to compare the informer's own overhead against.
 */
final class PlainHttpSync implements SyncingClient {

    private static final String INITIAL_EVENTS_END = "k8s.io/initial-events-end";

    private final RestConfig config;
    private final HttpClient http;
    private final String collection;
    private final SyncMode mode;
    private final long pageSize;
    private final Map<String, ObjectNode> store = new ConcurrentHashMap<>();
    private final CountDownLatch synced = new CountDownLatch(1);
    private final AtomicInteger lists = new AtomicInteger();
    private final AtomicInteger watches = new AtomicInteger();
    private volatile StreamWatcher watch;
    private volatile String error;
    private final Thread thread;

    PlainHttpSync(RestConfig config, String collection, SyncMode mode, long pageSize) {
        this.config = config;
        this.http = config.httpClient();
        this.collection = collection;
        this.mode = mode;
        this.pageSize = pageSize;
        this.thread = new Thread(this::run, "bench-plain-sync");
        thread.setDaemon(true);
    }

    @Override
    public void start() {
        thread.start();
    }

    private void run() {
        try {
            String rv = "";
            if (mode != SyncMode.WATCH_LIST) {
                rv = list();
                synced.countDown(); // as client-go's HasSynced: the list is in the store, the watch comes next
            }
            String query = mode == SyncMode.WATCH_LIST
                    ? "watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&resourceVersion="
                    : "watch=1&allowWatchBookmarks=true&resourceVersion=" + rv;
            watches.incrementAndGet();
            watch = StreamWatcher.open(http, config.request(collection + "?" + query).GET().build());
            for (WatchEvent event = watch.next(); event != null; event = watch.next()) {
                ObjectNode object = event.object();
                JsonNode meta = object.path("metadata");
                switch (event.type()) {
                    case ADDED, MODIFIED -> store.put(meta.path("namespace").asText() + "/" + meta.path("name").asText(), object);
                    case DELETED -> store.remove(meta.path("namespace").asText() + "/" + meta.path("name").asText());
                    case BOOKMARK -> {
                        if (meta.path("annotations").path(INITIAL_EVENTS_END).asText().equals("true")) {
                            synced.countDown();
                        }
                    }
                    case ERROR -> throw StreamWatcher.error(event);
                }
            }
        } catch (Exception e) {
            error = e.toString();
        }
    }

    /** Every page of a list at resourceVersion "" (or "0"); answers the list's resourceVersion. */
    private String list() throws IOException, InterruptedException {
        String token = "";
        String rv;
        do {
            String query = "limit=" + pageSize + "&resourceVersion=" + (mode == SyncMode.CACHED_LIST ? "0" : "")
                    + (token.isEmpty() ? "" : "&continue=" + URLEncoder.encode(token, StandardCharsets.UTF_8));
            lists.incrementAndGet();
            HttpResponse<InputStream> response = http.send(config.request(collection + "?" + query).GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            JsonNode page;
            try (InputStream body = response.body()) {
                page = GoJson.read(body.readAllBytes());
            }
            if (response.statusCode() != 200) {
                throw new IOException("LIST answered " + response.statusCode() + ": " + page);
            }
            for (JsonNode item : page.path("items")) {
                JsonNode meta = item.path("metadata");
                store.put(meta.path("namespace").asText() + "/" + meta.path("name").asText(), (ObjectNode) item);
            }
            rv = page.path("metadata").path("resourceVersion").asText();
            token = page.path("metadata").path("continue").asText("");
        } while (!token.isEmpty());
        return rv;
    }

    @Override
    public boolean waitForSync(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (synced.await(50, TimeUnit.MILLISECONDS)) {
                return true;
            }
            if (error != null) {
                return false;
            }
        }
        return false;
    }

    @Override
    public int storeSize() {
        return store.size();
    }

    @Override
    public void clearStore() {
        store.clear();
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
        StreamWatcher w = watch;
        if (w != null) {
            w.close();
        }
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
