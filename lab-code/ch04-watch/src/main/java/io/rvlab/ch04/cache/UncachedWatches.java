package io.rvlab.ch04.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchResponse;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch04.watch.EtcdEventTranslator;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches served straight from etcd, one etcd watch for each watcher: kube-apiserver with
 * {@code --watch-cache=false} (its etcd3 {@code watcher}). The chapter keeps it to show what the
 * watch cache saves, and how the answers differ (golden transcripts n1 to n3):
 * <ul>
 *   <li>resourceVersion "" or "0": a list from etcd at the latest revision, in key order, as ADDED
 *       events, then a watch from that revision;</li>
 *   <li>N: etcd replays its own history after N; if compaction removed it, the ERROR event is 410
 *       Expired with etcd's wording, "The resourceVersion for the provided watch is too old.";</li>
 *   <li>no bookmarks: etcd's progress notifications are not turned into them on this path.</li>
 * </ul>
 */
public final class UncachedWatches implements WatchSource {

    /** kube-apiserver's message when etcd reports the start of a watch compacted. */
    public static final String TOO_OLD = "The resourceVersion for the provided watch is too old.";

    private static final System.Logger LOG = System.getLogger(UncachedWatches.class.getName());

    private final Client etcd;
    private final ResourceType type;
    private final Versioner versioner = new Versioner();
    private final EtcdEventTranslator translator = new EtcdEventTranslator(versioner);
    private final StoredObjects stored = new StoredObjects(translator);
    private final Set<Watch.Watcher> open = ConcurrentHashMap.newKeySet();

    public UncachedWatches(Client etcd, ResourceType type) {
        this.etcd = etcd;
        this.type = type;
    }

    // tag::watch[]
    @Override
    public CacheWatcher watch(WatchOptions options) {
        long from = versioner.parse(options.resourceVersion());
        RegistryPrefix prefix = type.prefix(type.namespaced() ? options.namespace() : "");
        Watch.Watcher[] etcdWatch = new Watch.Watcher[1];
        CacheWatcher watcher = new CacheWatcher(options, () -> stop(etcdWatch[0]));
        if (from == 0) { // the state first: one etcd range at the latest revision
            GetResponse list = StoredObjects.range(etcd, prefix);
            for (KeyValue kv : list.getKvs()) {
                ObjectNode object = stored.objectOrNull(kv);
                if (object != null && watcher.matches(object)) {
                    watcher.initial(new EncodedEvent(new WatchEvent(WatchEvent.Type.ADDED, object)));
                }
            }
            from = list.getHeader().getRevision();
        }
        watcher.startAt(from);
        WatchOption option = WatchOption.builder().isPrefix(true).withRevision(from + 1).withPrevKV(true).build();
        synchronized (watcher) { // no event is handled before the etcd watch is known
            etcdWatch[0] = etcd.getWatchClient().watch(Bytes.bytes(prefix.path()), option,
                    Watch.listener(response -> received(watcher, etcdWatch[0], response),
                            error -> failed(watcher, etcdWatch[0], error)));
            open.add(etcdWatch[0]);
        }
        return watcher;
    }
    // end::watch[]

    private void received(CacheWatcher watcher, Watch.Watcher etcdWatch, WatchResponse response) {
        synchronized (watcher) {
            deliver(watcher, etcdWatch, response);
        }
    }

    private void deliver(CacheWatcher watcher, Watch.Watcher etcdWatch, WatchResponse response) {
        for (io.etcd.jetcd.watch.WatchEvent etcdEvent : response.getEvents()) {
            WatchEvent event;
            try {
                event = translator.translate(etcdEvent);
            } catch (RuntimeException e) {
                watcher.fail(Status.internalError(e.getMessage())); // a watch never skips an event
                stop(etcdWatch);
                return;
            }
            StoredObjects.normalized(event.object());
            ObjectNode previous = etcdEvent.getEventType() == io.etcd.jetcd.watch.WatchEvent.EventType.PUT
                    && !etcdEvent.getPrevKV().getKey().isEmpty() ? stored.objectOrNull(etcdEvent.getPrevKV()) : null;
            WatchCacheEvent change = new WatchCacheEvent(new EncodedEvent(event), Bytes.text(etcdEvent.getKeyValue().getKey()),
                    previous, etcdEvent.getKeyValue().getModRevision());
            if (!watcher.deliver(change)) {
                stop(etcdWatch);
                return;
            }
        }
    }

    private void failed(CacheWatcher watcher, Watch.Watcher etcdWatch, Throwable error) {
        synchronized (watcher) {
            end(watcher, etcdWatch, error);
        }
    }

    private void end(CacheWatcher watcher, Watch.Watcher etcdWatch, Throwable error) {
        if (error instanceof CompactedException) {
            watcher.fail(Status.expired(TOO_OLD, ""));
        } else {
            LOG.log(System.Logger.Level.WARNING, "an etcd watch of " + type.resource() + " failed: " + error);
            watcher.fail(Status.internalError(String.valueOf(error.getMessage())));
        }
        stop(etcdWatch);
    }

    private void stop(Watch.Watcher etcdWatch) {
        if (etcdWatch != null) {
            etcdWatch.close();
            open.remove(etcdWatch);
        }
    }

    @Override
    public int etcdWatches() {
        return open.size();
    }

    @Override
    public void close() {
        open.forEach(Watch.Watcher::close);
        open.clear();
    }
}
