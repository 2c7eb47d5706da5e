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
 * several events, some of them past the target revision. Revisions only grow along a watch, so
 * the first event at or after the target proves that every change up to it has been seen, even
 * when the target itself was a write outside the prefix. The caller's thread waits on a future that
 * the listener completes then, or that fails when etcd cancels the watch (for a compacted start
 * revision, jetcd reports a {@link CompactedException}).
 */
public final class WatchFrom {

    private WatchFrom() {
    }

    /** What happened to a key. */
    public enum Kind { PUT, DELETE }

    /** One change: the key (in full), its new value (UTF-8; "" for a DELETE) and the revision of the change. */
    public record Change(Kind kind, String key, String value, long modRevision) {
    }

    public static List<Change> changesThrough(Client client, String prefix, long fromRevision, long toRevision,
            Duration timeout) throws TimeoutException {
        List<Change> seen = new ArrayList<>();
        CompletableFuture<List<Change>> done = new CompletableFuture<>();

        Watch.Listener listener = Watch.listener(
                (WatchResponse response) -> {
                    synchronized (seen) {
                        boolean passedTheTarget = false;
                        for (WatchEvent event : response.getEvents()) {
                            long revision = event.getKeyValue().getModRevision();
                            if (revision <= toRevision) {
                                seen.add(toChange(event));
                            }
                            passedTheTarget |= revision >= toRevision;
                        }
                        if (passedTheTarget) {
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
            throw new TimeoutException("the watch on " + prefix + " from revision " + fromRevision
                    + " did not reach revision " + toRevision + " within " + timeout + " (" + got + " changes seen)");
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
