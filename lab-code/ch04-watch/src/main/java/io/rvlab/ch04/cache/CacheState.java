package io.rvlab.ch04.cache;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.storage.ObjectFilter;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch04.watch.EtcdEventTranslator;
import io.rvlab.ch04.watch.MissingPrevKvException;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.TreeMap;

/**
 * What a {@link WatchCache} knows of its resource (kube-apiserver's {@code watchCache}, watch_cache.go,
 * which its {@code Cacher} holds): the current state of every object, the window of recent changes,
 * and the resourceVersion both are at. The cache fills it from etcd and reads it to start watchers
 * (their initial events) and answer lists.
 *
 * <p>Not thread-safe on its own: every call is made under the watch cache's lock, so that the state,
 * the window, the resourceVersion and the watchers change together.
 */
final class CacheState {

    private static final System.Logger LOG = System.getLogger(CacheState.class.getName());

    private final EtcdEventTranslator translator;
    private final StoredObjects stored;
    private final TreeMap<String, ObjectNode> state = new TreeMap<>();
    private final ChangeWindow window;
    private long resourceVersion;

    CacheState(Versioner versioner, ChangeWindow window) {
        this.translator = new EtcdEventTranslator(versioner);
        this.stored = new StoredObjects(translator);
        this.window = window;
    }

    /** The state of an etcd range at its revision R; the window starts empty at R. */
    void replace(GetResponse list) {
        long listRevision = list.getHeader().getRevision();
        state.clear();
        for (KeyValue kv : list.getKvs()) {
            ObjectNode object = stored.objectOrNull(kv);
            if (object != null) {
                state.put(Bytes.text(kv.getKey()), object);
            }
        }
        resourceVersion = listRevision;
        window.reset(listRevision);
    }

    /**
     * An etcd progress notification: every change up to {@code revision} has been sent to the cache.
     *
     * <p>Why not ask etcd for progress on demand ({@code RequestProgress})? Before etcd 3.4.25 and
     * 3.5.8 the answer to that request could overtake events still on their way (etcd issue 15220),
     * so a bookmark could claim a revision whose event the watcher had not received; kube-apiserver
     * only asks on versions with the fix. The periodic notifications are sent in order with the
     * events, at the interval etcd is started with ({@code --experimental-watch-progress-notify-interval};
     * the course's etcd uses one second, etcd's default is ten minutes).
     */
    void progress(long revision) {
        resourceVersion = Math.max(resourceVersion, revision);
    }

    // tag::process-event[]
    /**
     * One change from etcd (watchCache's processEvent): the state updated, the change put into the
     * window with the key's previous value (a watcher with a label selector needs it), and returned
     * to be offered to the watchers; null for a change that cannot be decoded (logged and skipped).
     */
    WatchCacheEvent processEvent(io.etcd.jetcd.watch.WatchEvent etcdEvent) {
        String key = Bytes.text(etcdEvent.getKeyValue().getKey());
        WatchEvent event;
        try {
            event = translator.translate(etcdEvent);
        } catch (MissingPrevKvException e) {
            throw e; // not a bad value to skip: the watch cannot go on (WatchCache#received)
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "skipping an undecodable change of " + key + ": " + e.getMessage());
            return null;
        }
        StoredObjects.normalized(event.object()); // kind, apiVersion, metadata...: as a typed object encodes
        ObjectNode previous = event.type() == WatchEvent.Type.DELETED ? state.remove(key)
                : state.put(key, event.object());
        long revision = etcdEvent.getKeyValue().getModRevision();
        WatchCacheEvent change = new WatchCacheEvent(new EncodedEvent(event), key, previous, revision);
        window.add(change);
        resourceVersion = Math.max(resourceVersion, revision);
        return change;
    }
    // end::process-event[]

    // tag::initial-events[]
    /**
     * A new watcher's initial events (watchCache's getAllEventsSince). From "0": ADDED for every
     * object that matches, then changes after the cache's resourceVersion. From N: every change
     * after N still in the window. False if the window no longer reaches back to N: the watcher has
     * been given ERROR 410 Expired, its only event.
     */
    boolean initialEvents(CacheWatcher watcher, long from) {
        if (from == 0) {
            for (ObjectNode object : state.values()) {
                if (watcher.matches(object)) {
                    watcher.initial(new EncodedEvent(new WatchEvent(WatchEvent.Type.ADDED, object)));
                }
            }
            watcher.startAt(resourceVersion);
        } else if (from < window.oldestResumable()) {
            watcher.fail(Status.expired("too old resource version: " + from + " (" + window.oldestResumable() + ")", ""));
            return false;
        } else {
            for (WatchCacheEvent change : window.since(from)) {
                EncodedEvent event = watcher.visible(change);
                if (event != null) {
                    watcher.initial(event);
                }
            }
            watcher.startAt(Math.max(from, resourceVersion));
        }
        return true;
    }
    // end::initial-events[]

    // tag::list[]
    /**
     * A {@code resourceVersion=0} list ("any" freshness): the cache's current state, with the
     * cache's resourceVersion, which may be behind etcd's. No limit applies: kube-apiserver 1.26
     * returns everything from the cache whatever {@code limit} says.
     */
    ObjectNode list(ResourceType type, String namespace, ObjectFilter filter) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("kind", type.listKind());
        json.put("apiVersion", type.groupVersion());
        json.putObject("metadata").put("resourceVersion", Long.toString(resourceVersion));
        ArrayNode items = json.putArray("items");
        CacheWatcher matcher = new CacheWatcher(new WatchOptions(namespace, "0", filter, false, null), () -> { });
        for (ObjectNode object : state.values()) {
            if (matcher.matches(object)) {
                ObjectNode item = object.deepCopy();
                item.remove("kind"); // items of a typed list carry no kind or apiVersion of their own
                item.remove("apiVersion");
                items.add(item);
            }
        }
        return json;
    }
    // end::list[]

    /** The newest revision processed: the last change, or etcd's last progress notification. */
    long resourceVersion() {
        return resourceVersion;
    }

    /** The revision just before the oldest change a watch can still resume after; older gets 410. */
    long oldestResumable() {
        return window.oldestResumable();
    }

    /** How many changes the window holds now. */
    int windowSize() {
        return window.size();
    }
}
