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
 * Reference answer to exercise 1.2: read the past.
 *
 * <p>A get with {@code withRevision(r)} is served from etcd's multi-version store as of revision
 * {@code r} ({@code etcdctl get KEY --rev=r}). etcd answers two kinds of impossible revision with
 * the same gRPC code, OUT_OF_RANGE, and tells them apart only by the message:
 * <ul>
 *   <li>{@code etcdserver: mvcc: required revision has been compacted}</li>
 *   <li>{@code etcdserver: mvcc: required revision is a future revision}</li>
 * </ul>
 */
public final class ReadAtRevision {

    private ReadAtRevision() {
    }

    public static Optional<String> valueAt(KV kv, String key, long revision) {
        // To etcd a revision of 0 means "the latest": refuse it rather than silently read the present.
        if (revision <= 0) {
            throw new IllegalArgumentException("revision must be 1 or more, got " + revision);
        }
        GetResponse response;
        try {
            response = kv.get(ByteSequence.from(key, StandardCharsets.UTF_8),
                    GetOption.builder().withRevision(revision).build()).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + key, e);
        } catch (ExecutionException e) {
            // jetcd hands over gRPC's own exception; the factory turns it into an EtcdException
            // with an ErrorCode, whatever jetcd's transport produced.
            EtcdException error = EtcdExceptionFactory.toEtcdException(e.getCause());
            String message = String.valueOf(error.getMessage());
            if (error.getErrorCode() == ErrorCode.OUT_OF_RANGE && message.contains("compacted")) {
                throw new RevisionCompactedException(revision, error);
            }
            if (error.getErrorCode() == ErrorCode.OUT_OF_RANGE && message.contains("future")) {
                throw new IllegalArgumentException("revision " + revision + " is ahead of the store: " + message, error);
            }
            throw error;
        }
        // No key-value at that revision: the key did not exist then.
        return response.getKvs().stream()
                .findFirst()
                .map(kv0 -> kv0.getValue().toString(StandardCharsets.UTF_8));
    }
}
