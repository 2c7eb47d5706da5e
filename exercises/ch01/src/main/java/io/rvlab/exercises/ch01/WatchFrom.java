package io.rvlab.exercises.ch01;

import io.etcd.jetcd.Client;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * <b>Exercise 1.6: watch a prefix from a revision.</b>
 *
 * <p>A watch started at a past revision first replays, in revision order, every change since
 * that revision (as long as it has not been compacted), then keeps streaming new ones. That is
 * how a client that missed some events catches up without missing or repeating any, and it is
 * what Kubernetes watches are built on (chapter 4). On the command line:
 * {@code etcdctl watch --prefix PREFIX --rev=R}.
 *
 * <p>Useful jetcd calls: {@code client.getWatchClient().watch(prefixBytes, option, listener)}
 * returns a {@code Watch.Watcher} (close it); {@code WatchOption.builder().isPrefix(true)
 * .withRevision(r).build()}; {@code Watch.listener(onNext, onError)}; {@code WatchResponse.getEvents()};
 * {@code WatchEvent.getEventType()} and {@code getKeyValue()}. A compacted start revision reaches
 * {@code onError} as an {@code io.etcd.jetcd.common.exception.CompactedException}. A
 * {@code CompletableFuture} is a handy way to wait for another thread, with a timeout.
 *
 * <p>Grade it with {@code ./course grade 1 --exercise 1.6}; the specification is
 * {@code WatchFromTest}.
 */
public final class WatchFrom {

    private WatchFrom() {
    }

    // tag::signature[]
    /** What happened to a key. */
    public enum Kind { PUT, DELETE }

    /** One change: the key (in full), its new value (UTF-8; "" for a DELETE) and the revision of the change. */
    public record Change(Kind kind, String key, String value, long modRevision) {
    }

    /**
     * Watches every key under {@code prefix}, starting at {@code fromRevision} (inclusive), and
     * returns the first {@code count} changes in the order etcd delivers them. Changes that
     * happen after the call started count too. The watch is closed before returning.
     *
     * @throws TimeoutException if fewer than {@code count} changes arrive within {@code timeout}
     * @throws RevisionCompactedException if {@code fromRevision} has been compacted; its
     *     {@code requestedRevision()} is {@code fromRevision}
     */
    public static List<Change> firstChanges(Client client, String prefix, long fromRevision, int count,
            Duration timeout) throws TimeoutException {
        throw new UnsupportedOperationException(
                "TODO exercise 1.6: client.getWatchClient().watch(prefix, WatchOption.builder().isPrefix(true)"
                        + ".withRevision(fromRevision).build(), Watch.listener(onNext, onError)), then wait for"
                        + " count events, at most timeout");
    }
    // end::signature[]
}
