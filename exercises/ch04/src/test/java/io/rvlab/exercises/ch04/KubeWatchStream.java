package io.rvlab.exercises.ch04;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchResponse;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch04.watch.EtcdEventTranslator;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch04.watch.WatchEvent.Type;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A Kubernetes watch stream made straight from etcd, the way kube-apiserver serves one without its
 * watch cache (apiserver storage/etcd3 watcher): for resourceVersion "" or "0" first a list and one
 * synthetic ADDED event per object (key order, each at its object's own resourceVersion), then the
 * etcd watch from the list's revision + 1; for "N" the etcd watch from N + 1. BOOKMARK events are
 * etcd progress notifications, asked for with {@link #bookmark()}; a compacted start becomes one
 * ERROR event with a 410 Expired Status. The grading tests feed its events to your code.
 */
final class KubeWatchStream implements AutoCloseable {

    static final String INITIAL_EVENTS_END = "k8s.io/initial-events-end";

    private final BlockingQueue<WatchEvent> events = new LinkedBlockingQueue<>();
    private final BlockingQueue<WatchEvent> progress = new LinkedBlockingQueue<>();
    private final EtcdEventTranslator translator = new EtcdEventTranslator(new Versioner());
    private final Watch.Watcher watcher;

    /**
     * Opens the stream. With {@code endBookmark}, an initial batch is followed by a BOOKMARK at the
     * list's revision annotated {@code k8s.io/initial-events-end} (what a watch-list request gets).
     */
    KubeWatchStream(Client client, ConfigMaps cms, String resourceVersion, boolean endBookmark) throws Exception {
        long start;
        if (resourceVersion.isEmpty() || resourceVersion.equals("0")) {
            ConfigMaps.Listing listing = cms.list();
            for (KeyValue kv : listing.kvs()) {
                ObjectNode object = (ObjectNode) GoJson.read(kv.getValue().getBytes());
                new Versioner().updateObject(object, kv.getModRevision());
                events.add(new WatchEvent(Type.ADDED, object));
            }
            if (endBookmark) {
                WatchEvent end = bookmarkAt(listing.revision());
                end.object().withObjectProperty("metadata").putObject("annotations").put(INITIAL_EVENTS_END, "true");
                events.add(end);
            }
            start = listing.revision();
        } else {
            start = Long.parseLong(resourceVersion);
        }
        WatchOption option = WatchOption.builder().isPrefix(true).withPrevKV(true).withRevision(start + 1).build();
        watcher = client.getWatchClient().watch(ConfigMaps.utf8(cms.collection.path()), option,
                Watch.listener(this::received, this::failed));
    }

    private void received(WatchResponse response) {
        if (response.isProgressNotify()) {
            progress.add(bookmarkAt(response.getHeader().getRevision()));
        }
        response.getEvents().forEach(e -> events.add(translator.translate(e)));
    }

    private void failed(Throwable error) {
        if (error instanceof CompactedException) {
            ObjectNode status = JsonNodeFactory.instance.objectNode();
            status.put("kind", "Status").put("apiVersion", "v1").putObject("metadata");
            status.put("status", "Failure").put("message", "The resourceVersion for the provided watch is too old.")
                    .put("reason", "Expired").put("code", 410);
            events.add(new WatchEvent(Type.ERROR, status));
        }
    }

    private static WatchEvent bookmarkAt(long revision) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.put("kind", "ConfigMap").put("apiVersion", "v1").putObject("metadata")
                .put("resourceVersion", Long.toString(revision));
        return new WatchEvent(Type.BOOKMARK, object);
    }

    /** The stream's next event; fails the test if none comes within 10 s. */
    WatchEvent next() throws InterruptedException {
        WatchEvent event = events.poll(10, TimeUnit.SECONDS);
        if (event == null) {
            throw new AssertionError("the watch stream sent no event within 10 s (a problem of the test setup, not of your code)");
        }
        return event;
    }

    /**
     * Asks etcd for a progress notification and returns it as a BOOKMARK. etcd answers only once
     * the watch has sent everything, so this asks again until it does. Call it when every event
     * written so far has been taken with {@link #next()}: then the etcd 3.4 bug where the answer to
     * such a request could overtake events still on their way (etcd#15220, see the chapter's
     * "Bookmarks") has nothing left to overtake.
     */
    WatchEvent bookmark() throws InterruptedException {
        progress.clear();
        for (int attempt = 0; attempt < 50; attempt++) {
            watcher.requestProgress();
            WatchEvent event = progress.poll(200, TimeUnit.MILLISECONDS);
            if (event != null) {
                return event;
            }
        }
        throw new AssertionError("etcd sent no progress notification within 10 s (a problem of the test setup)");
    }

    @Override
    public void close() {
        watcher.close();
    }
}
