package io.rvlab.exercises.ch01;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 1.1: read the four numbers.
 *
 * <p>One range request answers everything: the header holds the store's revision at the moment
 * etcd served the read, and the key-value (if any) holds the key's own three numbers.
 */
public final class FourNumbers {

    private FourNumbers() {
    }

    /** The three numbers etcd keeps for one key. */
    public record KeyRevisions(long createRevision, long modRevision, long version) {
    }

    /** What one read tells you: the store's revision, and the key's numbers if the key exists. */
    public record Reading(long revision, Optional<KeyRevisions> key) {
    }

    public static Reading read(KV kv, String key) {
        GetResponse response;
        try {
            // etcdctl get KEY -w json
            // A plain get (no isPrefix option) asks for exactly this key.
            response = kv.get(ByteSequence.from(key, StandardCharsets.UTF_8)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + key, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot read " + key + ": " + e.getCause(), e.getCause());
        }

        // The header's revision is the whole store's, whether or not the key exists.
        long revision = response.getHeader().getRevision();
        if (response.getKvs().isEmpty()) {
            return new Reading(revision, Optional.empty());
        }
        KeyValue kv0 = response.getKvs().get(0);
        return new Reading(revision, Optional.of(
                new KeyRevisions(kv0.getCreateRevision(), kv0.getModRevision(), kv0.getVersion())));
    }
}
