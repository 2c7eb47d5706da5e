package io.rvlab.exercises.ch01;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import io.etcd.jetcd.watch.WatchResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reference answer to exercise 1.6: watch a prefix from a revision.
 *
 * <p>jetcd calls the listener on its own thread, one response at a time; a response may carry
 * several events. The caller's thread waits on a future that the listener completes once enough
 * events arrived, or that fails when etcd cancels the watch (for a compacted start revision,
 * jetcd reports a {@link CompactedException}).
 */
public final class WatchFrom {

    private WatchFrom() {
    }

    /** What happened to a key. */
    public enum Kind { PUT, DELETE }

    /** One change: the key (in full), its new value (UTF-8; "" for a DELETE) and the revision of the change. */
    public record Change(Kind kind, String key, String value, long modRevision) {
    }

    public static List<Change> firstChanges(Client client, String prefix, long fromRevision, int count,
            Duration timeout) throws TimeoutException {
        if (count <= 0) {
            return List.of();
        }
        List<Change> seen = new ArrayList<>();
        CompletableFuture<List<Change>> done = new CompletableFuture<>();

        Watch.Listener listener = Watch.listener(
                (WatchResponse response) -> {
                    synchronized (seen) {
                        for (WatchEvent event : response.getEvents()) {
                            if (seen.size() < count) {
                                seen.add(toChange(event));
                            }
                        }
                        if (seen.size() >= count) {
                            done.complete(List.copyOf(seen));
                        }
                    }
                },
                done::completeExceptionally);

        // etcdctl watch --prefix PREFIX --rev=fromRevision
        WatchOption option = WatchOption.builder().isPrefix(true).withRevision(fromRevision).build();
        try (Watch.Watcher watcher = client.getWatchClient()
                .watch(ByteSequence.from(prefix, StandardCharsets.UTF_8), option, listener)) {
            return done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            int got;
            synchronized (seen) {
                got = seen.size();
            }
            throw new TimeoutException("only " + got + " of " + count + " changes under " + prefix
                    + " since revision " + fromRevision + " arrived within " + timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while watching " + prefix, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CompactedException) {
                throw new RevisionCompactedException(fromRevision, e.getCause());
            }
            throw new IllegalStateException("watch on " + prefix + " failed: " + e.getCause(), e.getCause());
        }
    }

    private static Change toChange(WatchEvent event) {
        KeyValue kv = event.getKeyValue();
        Kind kind = event.getEventType() == WatchEvent.EventType.DELETE ? Kind.DELETE : Kind.PUT;
        // A delete event's key-value has the key and the revision of the delete, and no value.
        return new Change(kind, kv.getKey().toString(StandardCharsets.UTF_8),
                kv.getValue().toString(StandardCharsets.UTF_8), kv.getModRevision());
    }
}
