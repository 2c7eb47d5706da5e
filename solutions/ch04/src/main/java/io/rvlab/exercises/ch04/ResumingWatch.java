package io.rvlab.exercises.ch04;

import io.etcd.jetcd.ByteSequence;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchResponse;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch04.watch.EtcdEventTranslator;
import io.rvlab.ch04.watch.WatchEvent;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Reference answer to exercise 4.2: resume a watch from the last resourceVersion delivered + 1.
 *
 * <p>Each etcd watch gets a generation number. Only the current generation may deliver events or
 * trigger a resume: closing an old watcher makes jetcd call its {@code onCompleted}, and events
 * of a stream already replaced must not be delivered a second time. The revision check is the
 * same guarantee seen from the other side: nothing older than what was delivered goes out again.
 *
 * <p>A resume from a revision etcd has compacted away is not a break: it ends the watch with 410 Expired.
 */
public final class ResumingWatch implements AutoCloseable {

    private final EtcdEventTranslator translator = new EtcdEventTranslator(new Versioner());
    private final Supplier<Watch> connect;
    private final ByteSequence prefix;
    private final Consumer<WatchEvent> handler;
    private long delivered;     // the resourceVersion of the last event handed on
    private int generation;     // which etcd watch is the current one
    private Watch.Watcher watcher;
    private boolean closed;

    public ResumingWatch(Supplier<Watch> connect, RegistryPrefix collection, String resourceVersion,
            Consumer<WatchEvent> handler) {
        this.connect = connect;
        this.prefix = ByteSequence.from(collection.path(), StandardCharsets.UTF_8);
        this.handler = handler;
        this.delivered = Long.parseLong(resourceVersion);
        synchronized (this) {
            start();
        }
    }

    private void start() {
        int mine = ++generation;
        WatchOption option = WatchOption.builder().isPrefix(true).withPrevKV(true).withRevision(delivered + 1).build();
        watcher = connect.get().watch(prefix, option,
                Watch.listener(response -> received(mine, response), error -> failed(mine, error), () -> ended(mine)));
    }

    private synchronized void received(int from, WatchResponse response) {
        for (io.etcd.jetcd.watch.WatchEvent etcdEvent : response.getEvents()) {
            WatchEvent event = translator.translate(etcdEvent);
            long revision = Long.parseLong(event.resourceVersion());
            // Not "<=": one transaction's changes share a revision, and they come one after another.
            if (closed || from != generation || revision < delivered) {
                continue; // stopped, a replaced stream, or already delivered
            }
            handler.accept(event);
            delivered = revision;
        }
    }

    /**
     * A compacted start cannot be resumed: every resume would be refused the same way. Tell the handler as
     * kube-apiserver's etcd3 watcher tells a watcher (watcher.go, interpretWatchError: etcd's ErrCompacted
     * becomes a 410 Expired Status in an ERROR event), and stop: the consumer must relist.
     */
    private synchronized void failed(int which, Throwable error) {
        if (!(error instanceof CompactedException)) {
            ended(which);
            return;
        }
        if (closed || which != generation) {
            return;
        }
        ObjectNode status = JsonNodeFactory.instance.objectNode();
        status.put("kind", "Status").put("apiVersion", "v1").putObject("metadata");
        status.put("status", "Failure").put("message", "The resourceVersion for the provided watch is too old.")
                .put("reason", "Expired").put("code", 410);
        closed = true;
        handler.accept(new WatchEvent(WatchEvent.Type.ERROR, status));
        watcher.close();
    }

    private synchronized void ended(int which) {
        if (closed || which != generation) {
            return;
        }
        Watch.Watcher broken = watcher;
        start(); // from delivered + 1: etcd replays what happened meanwhile
        broken.close();
    }

    @Override
    public synchronized void close() {
        closed = true;
        watcher.close();
    }
}
