package io.rvlab.exercises.ch01;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.common.exception.EtcdException;
import io.etcd.jetcd.common.exception.EtcdExceptionFactory;
import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.options.GetOption;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 1.4: walk a key's history.
 *
 * <p>Each step reads the key at one revision before the version in hand; the answer is the
 * previous version, whose mod_revision tells where to step next. The walk needs one read per
 * version, however many unrelated writes happened in between.
 */
public final class KeyHistory {

    private KeyHistory() {
    }

    /** One version of a key: its value (UTF-8), the revision that wrote it, and its version number. */
    public record Version(String value, long modRevision, long version) {
    }

    public static List<Version> history(KV kv, String key) {
        ByteSequence name = ByteSequence.from(key, StandardCharsets.UTF_8);
        KeyValue current = getAt(kv, name, 0); // 0: the latest revision
        if (current == null) {
            return List.of();
        }
        long createRevision = current.getCreateRevision();
        List<Version> newestFirst = new ArrayList<>();
        KeyValue step = current;
        while (true) {
            newestFirst.add(new Version(step.getValue().toString(StandardCharsets.UTF_8),
                    step.getModRevision(), step.getVersion()));
            // The version written at create_revision is version 1 of this life: stop there, so
            // nothing from before a delete leaks in.
            if (step.getModRevision() == createRevision) {
                break;
            }
            step = getAt(kv, name, step.getModRevision() - 1);
            if (step == null || step.getCreateRevision() != createRevision) {
                // Cannot happen while this life lasts; if it does, the store changed under us.
                throw new IllegalStateException("history of " + key + " is not contiguous at revision "
                        + newestFirst.get(newestFirst.size() - 1).modRevision());
            }
        }
        Collections.reverse(newestFirst);
        return newestFirst;
    }

    /** The key at {@code revision} (0 = latest), or null if it did not exist then. */
    private static KeyValue getAt(KV kv, ByteSequence name, long revision) {
        try {
            List<KeyValue> kvs = kv.get(name, GetOption.builder().withRevision(revision).build()).get().getKvs();
            return kvs.isEmpty() ? null : kvs.get(0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading history", e);
        } catch (ExecutionException e) {
            EtcdException error = EtcdExceptionFactory.toEtcdException(e.getCause());
            if (error.getErrorCode() == ErrorCode.OUT_OF_RANGE && String.valueOf(error.getMessage()).contains("compacted")) {
                throw new RevisionCompactedException(revision, error);
            }
            throw error;
        }
    }
}
