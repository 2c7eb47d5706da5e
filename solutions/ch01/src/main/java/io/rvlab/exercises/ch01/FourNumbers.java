package io.rvlab.exercises.ch01;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 1.1: read the four numbers.
 *
 * <p>One range request answers everything: the header holds the store's revision at the moment
 * etcd served the read, and each key-value holds its key's own three numbers. One request is what
 * makes the list consistent: every key is as it was at that one revision.
 */
public final class FourNumbers {

    private FourNumbers() {
    }

    /** The three numbers etcd keeps for one key. */
    public record KeyRevisions(long createRevision, long modRevision, long version) {
    }

    /**
     * What one list tells you: the store's revision, and every key that exists under the prefix
     * (its full name) with its numbers, in key order.
     */
    public record Listing(long revision, SortedMap<String, KeyRevisions> keys) {
    }

    public static Listing list(KV kv, String prefix) {
        GetResponse response;
        try {
            // etcdctl get PREFIX --prefix -w json
            response = kv.get(ByteSequence.from(prefix, StandardCharsets.UTF_8),
                    GetOption.builder().isPrefix(true).build()).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing " + prefix, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot list " + prefix + ": " + e.getCause(), e.getCause());
        }

        // The header's revision is the whole store's, whether or not any key exists under the prefix.
        long revision = response.getHeader().getRevision();
        SortedMap<String, KeyRevisions> keys = new TreeMap<>();
        for (KeyValue kv0 : response.getKvs()) {
            keys.put(kv0.getKey().toString(StandardCharsets.UTF_8),
                    new KeyRevisions(kv0.getCreateRevision(), kv0.getModRevision(), kv0.getVersion()));
        }
        return new Listing(revision, Collections.unmodifiableSortedMap(keys));
    }
}
