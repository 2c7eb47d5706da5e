package io.rvlab.ch04.watch;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchResponse;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch01.CompactedRevisionException;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch02.storage.Versioner;
import java.util.OptionalLong;

/**
 * A watch on one collection straight from etcd, without a watch cache: kube-apiserver's etcd3
 * {@code watcher} for a watch "from resourceVersion N" ({@code Start at Exact}).
 *
 * <p>What it does: one etcd watch on the collection's prefix, starting at revision N+1 (a watch
 * from N is exclusive: the watcher already has everything up to N), with {@code prev_kv} so a
 * DELETE can carry the object's last state. Each etcd event becomes one Kubernetes event through
 * {@link EtcdEventTranslator}, delivered in etcd's order, which is revision order. If N+1 is
 * already in history etcd first replays every change since then, so a watcher that resumes from
 * the last resourceVersion it saw misses nothing and sees nothing twice.
 *
 * <p>This is the watch a server without a watch cache would serve (kube-apiserver with
 * {@code --watch-cache=false}): one etcd watch per client. The API server of this chapter puts a
 * {@link io.rvlab.ch04.cache.WatchCache} in between, which also answers resourceVersion "0" and
 * unset, bookmarks, selectors, and the 410 Expired ERROR event. Here a watch from "0" is refused,
 * and a compacted start is reported as a {@link CompactedRevisionException}.
 */
public final class StorageWatch implements AutoCloseable {

    private final long fromRevision;
    private final EtcdEventTranslator translator;
    private final WatchListener listener;
    private final Watch.Watcher watcher;
    private boolean ended;

    // tag::watch[]
    /**
     * Starts watching {@code prefix} for every change after {@code resourceVersion}.
     *
     * @throws IllegalArgumentException for resourceVersion "" or "0": "the state, then changes" needs a
     *         list first, which {@link io.rvlab.ch04.cache.WatchCache} and
     *         {@link io.rvlab.ch04.cache.UncachedWatches} do; an etcd watch alone only has changes
     */
    public StorageWatch(Client client, Versioner versioner, RegistryPrefix prefix, String resourceVersion,
            WatchListener listener) {
        this.fromRevision = versioner.parse(resourceVersion);
        if (fromRevision == 0) {
            throw new IllegalArgumentException("a watch from resourceVersion \"" + resourceVersion
                    + "\" (the state, then changes) needs a list first: a plain etcd watch only has changes; "
                    + "give a specific resourceVersion, or use the watch cache");
        }
        this.translator = new EtcdEventTranslator(versioner);
        this.listener = listener;
        WatchOption option = WatchOption.builder()
                .isPrefix(true)                     // every object of the collection
                .withRevision(fromRevision + 1)     // etcd's start is inclusive; a watch from N is not
                .withPrevKV(true)                   // a DELETE's object is the value before it
                .build();
        synchronized (this) { // no event is handled before the watcher is known
            this.watcher = client.getWatchClient().watch(Bytes.bytes(prefix.path()), option,
                    Watch.listener(this::received, this::failed));
        }
    }
    // end::watch[]

    /** The resourceVersion the watch started from: its first event is newer than this. */
    public long fromRevision() {
        return fromRevision;
    }

    // synchronized: one listener call at a time, in the order etcd's responses arrived.
    private synchronized void received(WatchResponse response) {
        for (io.etcd.jetcd.watch.WatchEvent event : response.getEvents()) {
            if (ended) {
                return;
            }
            WatchEvent translated;
            try {
                translated = translator.translate(event);
            } catch (RuntimeException e) {
                end(e); // a watch never skips an event: stop instead
                return;
            }
            listener.onEvent(translated);
        }
    }

    private synchronized void failed(Throwable error) {
        if (error instanceof CompactedException compacted) {
            // etcd cancels a watch whose start revision compaction removed, naming where history now starts.
            end(new CompactedRevisionException(fromRevision + 1,
                    OptionalLong.of(compacted.getCompactedRevision()), compacted.getMessage()));
        } else {
            end(error instanceof RuntimeException runtime ? runtime
                    : new IllegalStateException("the etcd watch failed: " + error, error));
        }
    }

    private void end(RuntimeException error) {
        if (!ended) {
            ended = true;
            watcher.close();
            listener.onError(error);
        }
    }

    /** Stops the etcd watch; no further events arrive. */
    @Override
    public synchronized void close() {
        ended = true;
        watcher.close();
    }
}
