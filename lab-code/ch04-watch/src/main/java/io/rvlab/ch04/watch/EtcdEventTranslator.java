package io.rvlab.ch04.watch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.KeyValue;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.storage.CorruptObjectException;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.storage.Versioner;
import java.io.IOException;

/**
 * Turns one etcd watch event into one Kubernetes watch event, as kube-apiserver's etcd3 watcher
 * does (apiserver {@code storage/etcd3/event.go} and {@code watcher.go}):
 * <ul>
 *   <li>a PUT whose {@code create_revision} equals its {@code mod_revision} created the key:
 *       ADDED;</li>
 *   <li>any other PUT: MODIFIED;</li>
 *   <li>a DELETE: DELETED. etcd's DELETE carries no value, only the key and the deletion's
 *       revision, so the object is the previous value (the watch must ask for {@code prev_kv}),
 *       stamped with the deletion's revision: that is how far the watcher has got, and what it
 *       must resume from.</li>
 * </ul>
 * Every object gets {@code metadata.resourceVersion} = the event's {@code mod_revision}; etcd's
 * stored bytes never hold it ({@link Versioner}).
 */
public class EtcdEventTranslator {

    private final Versioner versioner;

    public EtcdEventTranslator(Versioner versioner) {
        this.versioner = versioner;
    }

    // tag::translate[]
    /**
     * The Kubernetes event for {@code event}.
     *
     * @throws CorruptObjectException when the stored bytes are not a JSON object
     * @throws MissingPrevKvException when a DELETE arrives without its previous value (a watch
     *         opened without prev_kv, history already compacted, or etcd 3.4 catching a member up);
     *         Kubernetes reports both as an ERROR rather than guess
     */
    public WatchEvent translate(io.etcd.jetcd.watch.WatchEvent event) {
        KeyValue kv = event.getKeyValue();
        long revision = kv.getModRevision(); // for a DELETE: the revision of the deletion
        return switch (event.getEventType()) {
            case PUT -> new WatchEvent(
                    kv.getCreateRevision() == kv.getModRevision() ? WatchEvent.Type.ADDED : WatchEvent.Type.MODIFIED,
                    decode(kv, revision));
            case DELETE -> new WatchEvent(WatchEvent.Type.DELETED, decode(previous(event), revision));
            case UNRECOGNIZED -> throw new IllegalStateException(
                    "etcd sent an event of unknown type for key " + Bytes.text(kv.getKey()));
        };
    }
    // end::translate[]

    /** The value before a DELETE; jetcd hands an empty key-value when etcd sent none. */
    private static KeyValue previous(io.etcd.jetcd.watch.WatchEvent event) {
        KeyValue prev = event.getPrevKV();
        if (prev == null || prev.getKey().isEmpty()) {
            throw new MissingPrevKvException(Bytes.text(event.getKeyValue().getKey()));
        }
        return prev;
    }

    /**
     * The object a key-value holds (a list's item, a prev_kv), with its mod_revision as its
     * resourceVersion.
     *
     * @throws CorruptObjectException when the stored bytes are not a JSON object
     */
    public ObjectNode decode(KeyValue kv) {
        return decode(kv, kv.getModRevision());
    }

    private ObjectNode decode(KeyValue kv, long resourceVersion) {
        String key = Bytes.text(kv.getKey());
        try {
            JsonNode node = GoJson.read(kv.getValue().getBytes());
            if (!(node instanceof ObjectNode object)) {
                throw new IOException("a JSON " + node.getNodeType().name().toLowerCase() + ", not an object");
            }
            versioner.updateObject(object, resourceVersion);
            return object;
        } catch (IOException e) {
            throw new CorruptObjectException(key, e);
        }
    }
}
