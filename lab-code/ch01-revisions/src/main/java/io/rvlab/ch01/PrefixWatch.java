package io.rvlab.ch01;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.options.WatchOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Watches every key under a prefix, starting at a revision, and keeps the changes it receives.
 *
 * <p>A watch that starts at revision R first replays history (every change with a revision of R
 * or more, oldest first), then goes on with new changes as they happen. That is what lets a
 * client catch up after a pause without missing anything, as long as R has not been compacted;
 * if it has, etcd cancels the watch. Chapter 4 builds Kubernetes watches on this.
 */
public final class PrefixWatch implements AutoCloseable {

    private final List<Change> changes = new ArrayList<>();
    private final long startRevision;
    private final Watch.Watcher watcher;
    private OptionalLong compactedAt = OptionalLong.empty();
    private String cancelMessage = "";
    private Throwable otherError;

    // tag::watch[]
    /** Starts watching {@code prefix} from {@code startRevision} (inclusive). */
    public PrefixWatch(Client client, String prefix, long startRevision) {
        this.startRevision = startRevision;
        WatchOption option = WatchOption.builder()
                .isPrefix(true)                 // every key that starts with prefix
                .withRevision(startRevision)    // replay history from here, then follow live
                .build();
        this.watcher = client.getWatchClient().watch(Bytes.bytes(prefix), option, Watch.listener(
                response -> response.getEvents().forEach(event -> received(Change.of(event))),
                this::failed));
    }
    // end::watch[]

    private synchronized void received(Change change) {
        changes.add(change);
        notifyAll();
    }

    private synchronized void failed(Throwable error) {
        if (error instanceof CompactedException compacted) {
            compactedAt = OptionalLong.of(compacted.getCompactedRevision());
            cancelMessage = compacted.getMessage();
        } else {
            otherError = error;
        }
        notifyAll();
    }

    /**
     * Waits until at least {@code count} changes have arrived and returns them all, oldest first.
     * Throws {@link CompactedRevisionException} if etcd cancelled the watch because its start
     * revision was compacted, and {@link IllegalStateException} if too few changes came in time.
     */
    public synchronized List<Change> awaitChanges(int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (changes.size() < count && compactedAt.isEmpty() && otherError == null) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new IllegalStateException("expected " + count + " changes within " + timeout
                        + ", received " + changes.size() + ": " + changes);
            }
            wait(Math.max(1, left / 1_000_000));
        }
        if (compactedAt.isPresent()) {
            throw new CompactedRevisionException(startRevision, compactedAt, cancelMessage);
        }
        if (otherError != null) {
            throw new IllegalStateException("the watch failed: " + otherError, otherError);
        }
        return List.copyOf(changes);
    }

    /** The changes received so far, oldest first. */
    public synchronized List<Change> changes() {
        return List.copyOf(changes);
    }

    @Override
    public void close() {
        watcher.close();
    }
}
