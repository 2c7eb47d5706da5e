package io.rvlab.ch04.labs;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A plain jetcd watch on a prefix, no API server in between, keeping what etcd sends: each event
 * with its key-value and prev_kv, or the cancellation when the start revision was compacted.
 */
final class EtcdWatchRecorder implements AutoCloseable {

    /** One etcd event as the labs print it. */
    record Event(String type, String key, long createRevision, long modRevision, long version, Prev prev) {

        String name() {
            return key.substring(key.lastIndexOf('/') + 1);
        }

        /** {@code PUT    demo  create_revision=7 mod_revision=7 version=1  prev_kv: none}. */
        String describe() {
            return String.format("%-6s %s  create_revision=%d mod_revision=%d version=%d  prev_kv: %s", type, key,
                    createRevision, modRevision, version, prev == null ? "none" : prev.describe());
        }
    }

    /** The key's previous state, as prev_kv carries it. */
    record Prev(long modRevision, long version, Map<String, String> data) {
        String describe() {
            return "mod_revision=" + modRevision + " version=" + version + " data " + data;
        }
    }

    private final List<Event> events = new ArrayList<>();
    private final Watch.Watcher watcher;
    private OptionalLong compactRevision = OptionalLong.empty();
    private String cancelMessage = "";

    /** Watches {@code prefix} from {@code startRevision} (inclusive, as etcd counts), with prev_kv. */
    EtcdWatchRecorder(Client client, String prefix, long startRevision) {
        WatchOption option = WatchOption.builder().isPrefix(true).withRevision(startRevision).withPrevKV(true).build();
        this.watcher = client.getWatchClient().watch(Bytes.bytes(prefix), option, Watch.listener(
                response -> response.getEvents().forEach(this::received), this::failed));
    }

    private synchronized void received(WatchEvent event) {
        KeyValue kv = event.getKeyValue();
        KeyValue prev = event.getPrevKV();
        Prev previous = prev == null || prev.getKey().isEmpty() ? null
                : new Prev(prev.getModRevision(), prev.getVersion(), data(prev));
        events.add(new Event(event.getEventType().name(), Bytes.text(kv.getKey()), kv.getCreateRevision(),
                kv.getModRevision(), kv.getVersion(), previous));
        notifyAll();
    }

    private synchronized void failed(Throwable error) {
        if (error instanceof CompactedException compacted) {
            compactRevision = OptionalLong.of(compacted.getCompactedRevision());
            cancelMessage = compacted.getMessage();
        } else {
            cancelMessage = String.valueOf(error);
        }
        notifyAll();
    }

    /** Waits until {@code count} events came (or the watch was cancelled, or 30 s passed) and returns them all. */
    synchronized List<Event> await(int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (events.size() < count && compactRevision.isEmpty() && cancelMessage.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return List.copyOf(events);
    }

    /** Waits up to 30 s for etcd to cancel the watch; the compact_revision it named, if it did. */
    synchronized OptionalLong awaitCancel() throws InterruptedException {
        await(Integer.MAX_VALUE);
        return compactRevision;
    }

    synchronized List<Event> events() {
        return List.copyOf(events);
    }

    synchronized String cancelMessage() {
        return cancelMessage;
    }

    @Override
    public void close() {
        watcher.close();
    }

    private static Map<String, String> data(KeyValue kv) {
        try {
            return LabObjects.data(GoJson.read(kv.getValue().getBytes()));
        } catch (IOException e) {
            return Map.of("(not JSON)", new String(kv.getValue().getBytes(), StandardCharsets.UTF_8));
        }
    }
}
