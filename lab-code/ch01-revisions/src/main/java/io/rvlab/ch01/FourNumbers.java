package io.rvlab.ch01;

import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import java.util.Optional;

/**
 * What one read of one key tells you about time in etcd: four numbers, and the value.
 *
 * <ul>
 *   <li>{@code revision}: the whole store's revision when etcd answered. It is in the header of
 *       every response and counts every write transaction on every key. A Kubernetes list's
 *       resourceVersion is this number.</li>
 *   <li>{@code createRevision}: the revision of the write that created the key (this life of it).</li>
 *   <li>{@code modRevision}: the revision of the last write to the key. A Kubernetes object's
 *       resourceVersion is this number.</li>
 *   <li>{@code version}: how many times the key was written since it was created, starting at 1.</li>
 * </ul>
 *
 * A key that does not exist reads as create 0, mod 0, version 0 and no value: the same zeros that
 * etcd's transaction compares use for "absent".
 */
public record FourNumbers(String key, long revision, long createRevision, long modRevision, long version,
        Optional<String> value) {

    // tag::from-response[]
    /** Reads the four numbers out of a get of a single key. */
    public static FourNumbers of(String key, GetResponse response) {
        long revision = response.getHeader().getRevision(); // the store's, not the key's
        if (response.getKvs().isEmpty()) {
            return new FourNumbers(key, revision, 0, 0, 0, Optional.empty());
        }
        KeyValue kv = response.getKvs().get(0);
        return new FourNumbers(key, revision,
                kv.getCreateRevision(), kv.getModRevision(), kv.getVersion(),
                Optional.of(Bytes.text(kv.getValue())));
    }
    // end::from-response[]

    public boolean exists() {
        return version > 0;
    }

    /** Short and readable, for jshell and test failures. */
    @Override
    public String toString() {
        return "FourNumbers[" + key + ": " + describe() + "]";
    }

    /** The numbers the way etcdctl's JSON names them, for narration. */
    public String describe() {
        String state = exists() ? "value=" + value.get() : "(no such key)";
        return String.format("revision=%d create_revision=%d mod_revision=%d version=%d %s",
                revision, createRevision, modRevision, version, state);
    }
}
