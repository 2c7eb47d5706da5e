package io.rvlab.ch01;

import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.watch.WatchEvent;
import java.util.Optional;

/**
 * One event of an etcd watch: a key was put or deleted at a revision.
 *
 * <p>For a put, the numbers are the key's after the write. For a delete, etcd reports the
 * deletion's revision as {@code modRevision}, and create_revision and version as 0: the key has
 * no current life any more. Kubernetes builds its ADDED, MODIFIED and DELETED events from these
 * (chapter 4).
 */
public record Change(Type type, String key, long modRevision, long createRevision, long version,
        Optional<String> value) {

    public enum Type { PUT, DELETE }

    static Change of(WatchEvent event) {
        KeyValue kv = event.getKeyValue();
        Type type = event.getEventType() == WatchEvent.EventType.DELETE ? Type.DELETE : Type.PUT;
        Optional<String> value = type == Type.PUT ? Optional.of(Bytes.text(kv.getValue())) : Optional.empty();
        return new Change(type, Bytes.text(kv.getKey()), kv.getModRevision(), kv.getCreateRevision(),
                kv.getVersion(), value);
    }

    @Override
    public String toString() {
        return "Change[" + describe() + "]";
    }

    public String describe() {
        String what = type == Type.PUT ? "PUT    " + key + " = " + value.orElse("") : "DELETE " + key;
        return String.format("%s  (mod_revision=%d create_revision=%d version=%d)",
                what, modRevision, createRevision, version);
    }
}
