package io.rvlab.ch02.storage;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import io.etcd.jetcd.watch.WatchResponse;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits, briefly, for etcd to reach a revision a client has named.
 *
 * <p>How can a client name a revision the server has not seen? With several API servers (or a
 * server whose watch cache lags behind etcd) a client may get resourceVersion N from one and ask
 * another for "not older than N" before that one has caught up. Kubernetes' watch cache then waits
 * up to 3 seconds and, if N still has not arrived, answers 504 "Too large resource version" with
 * {@code Retry-After: 1}; client-go's reflector recognises that answer and retries. This server has
 * no watch cache yet (chapter 4), so it waits for etcd itself in the same way.
 *
 * <p>It does not poll. It opens an etcd watch over the whole key space starting right after the
 * current revision: etcd sends a response for every later write, and each response's header says
 * how far the store has come. The watch is closed as soon as the wait is over.
 */
public class RevisionWaiter {

    private static final ByteSequence ALL_KEYS = ByteSequence.from(new byte[] {0});

    private final Client client;
    private final Duration timeout;

    public RevisionWaiter(Client client, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
    }

    /** How long {@link #awaitRevision} waits at most. */
    public Duration timeout() {
        return timeout;
    }

    /** etcd's revision now, from the header of the cheapest possible read (a count of no keys). */
    public long currentRevision() {
        GetOption countOnly = GetOption.builder().withCountOnly(true).build();
        return Await.result(client.getKVClient().get(Bytes.bytes(Keys.ROOT + "/"), countOnly)).getHeader().getRevision();
    }

    // tag::too-large-wait[]
    /**
     * Returns once etcd's revision is at least {@code wanted}, with the revision reached.
     *
     * @throws TooLargeResourceVersionException if it is not reached within the timeout; it names
     *         the revision etcd had reached and asks the client to retry after 1 second
     */
    public long awaitRevision(long wanted) {
        long current = currentRevision();
        if (current >= wanted) {
            return current;
        }
        CompletableFuture<Long> reached = new CompletableFuture<>();
        // Every key, from the first revision after the one just read: no write can slip between.
        WatchOption everyKeyFromNext = WatchOption.builder().withRange(ALL_KEYS).withRevision(current + 1).build();
        Watch.Listener listener = Watch.listener(response -> {
            if (revisionOf(response) >= wanted) {
                reached.complete(revisionOf(response));
            }
        }, reached::completeExceptionally);
        try (Watch.Watcher ignored = client.getWatchClient().watch(ALL_KEYS, everyKeyFromNext, listener)) {
            return reached.get(timeout.toMillis(), TimeUnit.MILLISECONDS); // closing the watch ends it either way
        } catch (TimeoutException | ExecutionException e) {
            throw new TooLargeResourceVersionException(wanted, currentRevision(), EtcdStorage.RETRY_AFTER_SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TooLargeResourceVersionException(wanted, currentRevision(), EtcdStorage.RETRY_AFTER_SECONDS);
        }
    }
    // end::too-large-wait[]

    private static long revisionOf(WatchResponse response) {
        long revision = response.getHeader().getRevision();
        for (WatchEvent event : response.getEvents()) {
            revision = Math.max(revision, event.getKeyValue().getModRevision());
        }
        return revision;
    }
}
