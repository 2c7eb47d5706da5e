package io.rvlab.exercises.ch01;

import io.etcd.jetcd.Client;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * <b>Exercise 1.6: watch a prefix from a revision.</b>
 *
 * <p>A client that listed at revision R and then watches from R must see every later change exactly
 * once, the old ones replayed and the new ones live, with no gap and no duplicate between the two:
 * that is how Kubernetes watches, and every informer, stay in step with the store (chapter 4). etcd
 * delivers watch events on a thread of its own, so a method that returns them must wait for another
 * thread, for a bounded time, and must not leave the watch running when it returns
 * ({@code etcdctl watch --prefix PREFIX --rev=R} shows the same stream).
 *
 * <p>Here the caller does not know how many changes to expect, only how far to go: "everything
 * under this prefix from revision R up to revision T". That is what Kubernetes' watch cache does
 * when a client asks for a resourceVersion it has not reached yet: it waits until its watch has
 * caught up to that revision, for a bounded time, and answers "Too large resource version" if it
 * does not (waitUntilFreshAndBlock in staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go).
 * T need not be a change under the prefix: another key's write may have made it. A watch can know
 * it has caught up only from what etcd sends it.
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
     * returns every change under it with a revision from {@code fromRevision} to
     * {@code toRevision}, both inclusive, in the order etcd delivers them, and none after. Changes
     * that happen after the call started count too. The watch is closed before returning.
     *
     * @throws TimeoutException ({@code java.util.concurrent.TimeoutException}) if the watch has not
     *     shown within {@code timeout} that it got past {@code toRevision}; never a list that may
     *     be missing changes
     * @throws RevisionCompactedException (the given {@code io.rvlab.exercises.ch01.RevisionCompactedException})
     *     if {@code fromRevision} has been compacted; its {@code requestedRevision()} is
     *     {@code fromRevision}
     * @throws IllegalStateException if the calling thread is interrupted while waiting for etcd
     *     (caused by the {@code InterruptedException}), with the thread's interrupt flag set again
     */
    public static List<Change> changesThrough(Client client, String prefix, long fromRevision, long toRevision,
            Duration timeout) throws TimeoutException {
        throw new UnsupportedOperationException("TODO exercise 1.6");
    }
    // end::signature[]
}
