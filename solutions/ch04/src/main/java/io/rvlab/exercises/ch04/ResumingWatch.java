package io.rvlab.exercises.ch04;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Watch;
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
                Watch.listener(response -> received(mine, response), error -> ended(mine), () -> ended(mine)));
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
