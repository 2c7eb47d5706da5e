package io.rvlab.ch05.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.DeletedFinalStateUnknown;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.ObjectKeys;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.cache.ResourceEventHandler;
import io.rvlab.ch05.cache.WatchListOptions;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything one informer did, in the order it happened: the evidence {@link InformerChecker} judges.
 * It is three observers in one, each plugged where the informer already takes one:
 * <ul>
 *   <li>a {@link ReflectorListener} (the reflector's own account: lists that replaced the store, watch
 *       starts, events with the last synced resourceVersion after each, watch ends, resyncs);</li>
 *   <li>a {@link ResourceEventHandler} (what the informer's handlers were told);</li>
 *   <li>a wrapper around the {@link ListerWatcher} ({@link #recording}): what was really asked of the
 *       server and what it answered, failures included, whatever the reflector says about it.</li>
 * </ul>
 * Thread-safe: the reflector's thread, the handlers' thread and the requests all write here.
 */
// tag::recorder[]
public final class InformerHistory implements ReflectorListener, ResourceEventHandler {

    /** What happened. */
    public enum Kind {
        LIST_ASKED, LIST_ANSWERED, LIST_FAILED, WATCH_ASKED, WATCH_FAILED,   // on the wire
        REPLACED, WATCH_STARTED, EVENT, WATCH_ENDED, RESYNC,                 // the reflector's account
        ON_ADD, ON_UPDATE, ON_DELETE                                         // the handlers'
    }

    /**
     * One thing that happened.
     *
     * @param resourceVersion the list's, event's or object's resourceVersion ("" if none)
     * @param key the object's "namespace/name", "" if not about one object
     * @param detail the event type, the old object's resourceVersion of an update, a failure's status...
     * @param code an HTTP status code for failures and ERROR events, 0 otherwise
     */
    public record Entry(long seq, Kind kind, String resourceVersion, String key, String detail, int code) {

        @Override
        public String toString() {
            return "#" + seq + " " + kind + (resourceVersion.isEmpty() ? "" : " rv " + resourceVersion)
                    + (key.isEmpty() ? "" : " " + key) + (detail.isEmpty() ? "" : " (" + detail + ")")
                    + (code == 0 ? "" : " code " + code);
        }
    }

    private final List<Entry> entries = new ArrayList<>();
    private final Map<String, ObjectNode> handlerView = new TreeMap<>();

    /** The same lister-watcher, with every request and answer written down here. */
    public ListerWatcher recording(ListerWatcher delegate) {
        return new ListerWatcher() {
            @Override
            public ObjectNode list(ListOptions options) throws IOException {
                add(Kind.LIST_ASKED, options.resourceVersion(), "", describe(options), 0);
                try {
                    ObjectNode list = delegate.list(options);
                    add(Kind.LIST_ANSWERED, list.path("metadata").path("resourceVersion").asText(""), "",
                            list.path("items").size() + " items", 0);
                    return list;
                } catch (StatusException e) {
                    add(Kind.LIST_FAILED, options.resourceVersion(), "", e.status().message(), e.status().code());
                    throw e;
                } catch (IOException | RuntimeException e) {
                    add(Kind.LIST_FAILED, options.resourceVersion(), "", String.valueOf(e), 0);
                    throw e;
                }
            }

            @Override
            public StreamWatcher watch(WatchListOptions options) throws IOException {
                add(Kind.WATCH_ASKED, options.resourceVersion(), "", options.sendInitialEvents() ? "watch-list" : "", 0);
                try {
                    return delegate.watch(options);
                } catch (StatusException e) {
                    add(Kind.WATCH_FAILED, options.resourceVersion(), "", e.status().message(), e.status().code());
                    throw e;
                } catch (IOException | RuntimeException e) {
                    add(Kind.WATCH_FAILED, options.resourceVersion(), "", String.valueOf(e), 0);
                    throw e;
                }
            }

            @Override
            public String toString() {
                return "recording " + delegate;
            }
        };
    }

    // ---- the reflector's account ----

    @Override
    public void listed(ListOptions options, String resourceVersion, int items) {
        add(Kind.REPLACED, resourceVersion, "", items + " items, asked " + describe(options), 0);
    }

    @Override
    public void initialEventsEnded(String resourceVersion, int items) {
        add(Kind.REPLACED, resourceVersion, "", items + " items, from a watch-list", 0);
    }

    @Override
    public void watchStarted(WatchListOptions options) {
        add(Kind.WATCH_STARTED, options.resourceVersion(), "", "", 0);
    }

    @Override
    public void event(WatchEvent event, String lastSyncResourceVersion) {
        if (event.type() == WatchEvent.Type.ERROR) {
            add(Kind.EVENT, "", "", "ERROR " + event.object().path("message").asText(""),
                    event.object().path("code").asInt());
            return;
        }
        String key = event.type() == WatchEvent.Type.BOOKMARK ? "" : ObjectKeys.of(event.object());
        add(Kind.EVENT, event.resourceVersion(), key, event.type() + ", last synced " + lastSyncResourceVersion, 0);
    }

    @Override
    public void watchEnded(String reason) {
        add(Kind.WATCH_ENDED, "", "", reason, reason.startsWith("410") ? 410 : 0);
    }

    @Override
    public void backoff(Duration pause, Throwable cause) {
        // not evidence: a pause says nothing about the store
    }

    @Override
    public void resynced() {
        add(Kind.RESYNC, "", "", "", 0);
    }

    // ---- the handlers' ----

    @Override
    public void onAdd(ObjectNode object, boolean isInInitialList) {
        synchronized (this) {
            handlerView.put(ObjectKeys.of(object), object);
        }
        add(Kind.ON_ADD, rv(object), ObjectKeys.of(object), isInInitialList ? "initial list" : "", 0);
    }

    @Override
    public void onUpdate(ObjectNode oldObject, ObjectNode newObject) {
        synchronized (this) {
            handlerView.put(ObjectKeys.of(newObject), newObject);
        }
        add(Kind.ON_UPDATE, rv(newObject), ObjectKeys.of(newObject), rv(oldObject), 0);
    }

    @Override
    public void onDelete(Object objectOrTombstone) {
        String key = ObjectKeys.of(objectOrTombstone);
        ObjectNode last = objectOrTombstone instanceof DeletedFinalStateUnknown tombstone ? tombstone.object()
                : (ObjectNode) objectOrTombstone;
        synchronized (this) {
            handlerView.remove(key);
        }
        add(Kind.ON_DELETE, last == null ? "" : rv(last), key,
                objectOrTombstone instanceof DeletedFinalStateUnknown ? "tombstone" : "", 0);
    }
    // end::recorder[]

    /** Everything so far, in order. */
    public synchronized List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** What the handlers were last told of each object: key to object (a deleted one is absent). */
    public synchronized Map<String, ObjectNode> handlerView() {
        return new TreeMap<>(handlerView);
    }

    /** How many entries of a kind so far (e.g. LIST_ASKED: the LIST requests made). */
    public synchronized long count(Kind kind) {
        return entries.stream().filter(e -> e.kind() == kind).count();
    }

    /** The entries as lines, the last {@code limit} of them (for a failure message or a lab). */
    public synchronized String tail(int limit) {
        StringBuilder text = new StringBuilder();
        entries.stream().skip(Math.max(0, entries.size() - limit)).forEach(e -> text.append("\n    ").append(e));
        return text.toString();
    }

    private synchronized void add(Kind kind, String resourceVersion, String key, String detail, int code) {
        entries.add(new Entry(entries.size() + 1, kind, resourceVersion == null ? "" : resourceVersion, key, detail, code));
    }

    static String rv(ObjectNode object) {
        return object.path("metadata").path("resourceVersion").asText("");
    }

    private static String describe(ListOptions options) {
        return "resourceVersion=\"" + options.resourceVersion() + "\""
                + (options.resourceVersionMatch() == null || options.resourceVersionMatch().isEmpty() ? ""
                        : " match=" + options.resourceVersionMatch())
                + (options.limit() > 0 ? " limit=" + options.limit() : "")
                + (options.continueToken() == null || options.continueToken().isEmpty() ? "" : " continue");
    }
}
