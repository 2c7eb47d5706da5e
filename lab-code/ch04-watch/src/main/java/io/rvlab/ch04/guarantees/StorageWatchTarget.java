package io.rvlab.ch04.guarantees;

import io.etcd.jetcd.Client;
import io.rvlab.ch01.CompactedRevisionException;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.storage.ListOptions;
import io.rvlab.ch02.storage.ObjectList;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch04.watch.StorageWatch;
import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;

/**
 * A {@link WatchTarget} straight on etcd, without a watch cache: lists are consistent etcd range
 * reads (chapter 2's {@link EtcdStorage}), watches are {@link StorageWatch}es. A start that
 * compaction removed becomes what kube-apiserver without a watch cache sends: one ERROR event
 * with a 410 Expired Status (golden transcript n2), then the end of the stream.
 */
public final class StorageWatchTarget implements WatchTarget {

    /** kube-apiserver's text for a compacted watch start when it watches etcd directly. */
    static final String WATCH_TOO_OLD = "The resourceVersion for the provided watch is too old.";

    private final Client client;
    private final Versioner versioner = new Versioner();
    private final EtcdStorage storage;
    private final RegistryPrefix collection;

    public StorageWatchTarget(Client client, RegistryPrefix collection) {
        this.client = client;
        this.storage = new EtcdStorage(client, versioner, Duration.ofSeconds(3));
        this.collection = collection;
    }

    @Override
    public ObjectList list() {
        return storage.getList(collection, ListOptions.latest());
    }

    @Override
    public EventStream watch(String resourceVersion) {
        QueuedEventStream stream = new QueuedEventStream(StorageWatchTarget::expired);
        return stream.closing(new StorageWatch(client, versioner, collection, resourceVersion, stream));
    }

    /** The ERROR event for a compacted start; other errors just end the stream (the watcher resumes). */
    private static WatchEvent expired(RuntimeException error) {
        return error instanceof CompactedRevisionException
                ? new WatchEvent(WatchEvent.Type.ERROR, Status.expired(WATCH_TOO_OLD, null).toJson())
                : null;
    }
}
