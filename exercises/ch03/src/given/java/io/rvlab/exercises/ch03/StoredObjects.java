package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.rvlab.ch02.storage.CorruptObjectException;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.storage.Versioner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Given, not an exercise: how chapter 3's API server keeps an object in etcd, for exercise 3.1.
 * The bytes in etcd are the object's compact JSON <em>without</em> its resourceVersion; the
 * resourceVersion an object carries when it leaves storage is its key's {@code mod_revision}.
 */
// tag::class[]
public final class StoredObjects {

    private final Versioner versioner;

    public StoredObjects(Versioner versioner) {
        this.versioner = versioner;
    }

    /** The object stored in {@code kv}, a new copy each call, its resourceVersion set to the key's mod_revision. */
    public ObjectNode decode(KeyValue kv) {
        try {
            JsonNode node = GoJson.read(kv.getValue().getBytes());
            if (!(node instanceof ObjectNode object)) {
                throw new IOException("a JSON " + node.getNodeType().name().toLowerCase() + ", not an object");
            }
            versioner.updateObject(object, kv.getModRevision());
            return object;
        } catch (IOException e) {
            throw new CorruptObjectException(kv.getKey().toString(StandardCharsets.UTF_8), e);
        }
    }

    /**
     * The bytes to store for {@code object} (which is not changed): two objects that differ only in
     * their resourceVersion encode to the same bytes.
     */
    public ByteSequence encode(ObjectNode object) {
        ObjectNode stored = object.deepCopy();
        versioner.prepareObjectForStorage(stored);
        return ByteSequence.from(GoJson.compact(stored), StandardCharsets.UTF_8);
    }

    /** A copy of {@code object} as it leaves storage once written at {@code revision}: that is its resourceVersion. */
    public ObjectNode asWrittenAt(ObjectNode object, long revision) {
        ObjectNode written = object.deepCopy();
        versioner.prepareObjectForStorage(written);
        versioner.updateObject(written, revision);
        return written;
    }
}
// end::class[]
