package io.rvlab.support.etcd;

import io.etcd.jetcd.ByteSequence;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * A key prefix no other test uses, so tests can share one etcd without seeing each other's keys.
 * Revisions are still shared: such tests must reason about revisions relative to their own writes.
 */
public record KeyPrefix(String value) {

    public static KeyPrefix unique(String owner) {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        return new KeyPrefix("/rvlab-test/" + owner + "/" + suffix + "/");
    }

    /** The full key for a name under this prefix, as a string. */
    public String key(String name) {
        return value + name;
    }

    /** The full key for a name under this prefix, as jetcd bytes. */
    public ByteSequence bytes(String name) {
        return ByteSequence.from(key(name), StandardCharsets.UTF_8);
    }

    /** The prefix itself, as jetcd bytes (for range reads and watches over the prefix). */
    public ByteSequence bytes() {
        return ByteSequence.from(value, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return value;
    }
}
