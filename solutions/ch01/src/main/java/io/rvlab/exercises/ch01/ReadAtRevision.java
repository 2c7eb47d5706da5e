package io.rvlab.exercises.ch01;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.common.exception.EtcdException;
import io.etcd.jetcd.common.exception.EtcdExceptionFactory;
import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 1.2: read the past, and wait a little for the near future.
 *
 * <p>A get with {@code withRevision(r)} is served from etcd's multi-version store as of revision
 * {@code r} ({@code etcdctl get KEY --rev=r}). etcd answers two kinds of impossible revision with
 * the same gRPC code, OUT_OF_RANGE, and tells them apart only by the message:
 * <ul>
 *   <li>{@code etcdserver: mvcc: required revision has been compacted}</li>
 *   <li>{@code etcdserver: mvcc: required revision is a future revision}</li>
 * </ul>
 * etcd refuses a future revision at once. kube-apiserver's watch cache does not: a client that has
 * seen revision N from one apiserver may ask another, not yet at N, so the cache waits up to 3
 * seconds for N (apiserver's storage/cacher/watch_cache.go, {@code blockTimeout}) before answering
 * {@code Too large resource version: N, current: C}. This answer asks etcd again until it has the
 * revision; chapter 2's server waits with a watch instead, which costs no requests.
 */
public final class ReadAtRevision {

    /** kube-apiserver's watch cache's wait for a revision it has not reached (blockTimeout), in nanoseconds. */
    private static final long WAIT_FOR_THE_FUTURE_NANOS = 3_000_000_000L;

    /** Pause between two requests while the store has not reached the revision. */
    private static final long POLL_MILLIS = 50;

    private ReadAtRevision() {
    }

    public static Optional<String> valueAt(KV kv, String key, long revision) {
        // To etcd a revision of 0 means "the latest": refuse it rather than silently read the present.
        if (revision <= 0) {
            throw new IllegalArgumentException("revision must be 1 or more, got " + revision);
        }
        long deadline = System.nanoTime() + WAIT_FOR_THE_FUTURE_NANOS;
        while (true) {
            GetResponse response;
            try {
                response = kv.get(ByteSequence.from(key, StandardCharsets.UTF_8),
                        GetOption.builder().withRevision(revision).build()).get();
            } catch (InterruptedException e) {
                throw interrupted(key, e);
            } catch (ExecutionException e) {
                // jetcd hands over gRPC's own exception; the factory turns it into an EtcdException
                // with an ErrorCode, whatever jetcd's transport produced.
                EtcdException error = EtcdExceptionFactory.toEtcdException(e.getCause());
                String message = String.valueOf(error.getMessage());
                if (error.getErrorCode() == ErrorCode.OUT_OF_RANGE && message.contains("compacted")) {
                    throw new RevisionCompactedException(revision, error);
                }
                if (error.getErrorCode() == ErrorCode.OUT_OF_RANGE && message.contains("future")) {
                    // Not yet: wait as the watch cache does, then say how far the store has come by now.
                    if (System.nanoTime() - deadline >= 0) {
                        throw new IllegalArgumentException("Too large resource version: " + revision
                                + ", current: " + currentRevision(kv, key), error);
                    }
                    pause(key);
                    continue;
                }
                throw error;
            }
            // No key-value at that revision: the key did not exist then.
            return response.getKvs().stream()
                    .findFirst()
                    .map(kv0 -> kv0.getValue().toString(StandardCharsets.UTF_8));
        }
    }

    /** The store's revision now: the header of any read says it; a count-only read costs the least. */
    private static long currentRevision(KV kv, String key) {
        try {
            return kv.get(ByteSequence.from(key, StandardCharsets.UTF_8),
                    GetOption.builder().withCountOnly(true).build()).get().getHeader().getRevision();
        } catch (InterruptedException e) {
            throw interrupted(key, e);
        } catch (ExecutionException e) {
            throw EtcdExceptionFactory.toEtcdException(e.getCause());
        }
    }

    private static void pause(String key) {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            throw interrupted(key, e);
        }
    }

    private static IllegalStateException interrupted(String key, InterruptedException e) {
        Thread.currentThread().interrupt();
        return new IllegalStateException("interrupted while reading " + key, e);
    }
}
