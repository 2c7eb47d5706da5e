package io.rvlab.ch04.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.wire.gojson.ObjectMetaOrder;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch04.watch.EtcdEventTranslator;
import java.util.concurrent.ExecutionException;

/**
 * Reading objects straight from etcd, for the two places that start from the state rather than from
 * changes: the watch cache's list and an uncached watch from "0". Objects come out in the order a
 * typed object encodes (kind, apiVersion, metadata...), as every answer of the API server does.
 */
final class StoredObjects {

    private static final System.Logger LOG = System.getLogger(StoredObjects.class.getName());

    private final EtcdEventTranslator translator;

    StoredObjects(EtcdEventTranslator translator) {
        this.translator = translator;
    }

    /** Every key of the collection, at etcd's latest revision (the response's header revision). */
    static GetResponse range(Client etcd, RegistryPrefix prefix) {
        try {
            return etcd.getKVClient().get(Bytes.bytes(prefix.path()),
                    GetOption.builder().withRange(Bytes.bytes(prefix.rangeEnd())).build()).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not list " + prefix + ": " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing " + prefix, e);
        }
    }

    /** The object at {@code kv}, or null (logged) if its bytes are not a JSON object: one bad key must not stop a list. */
    ObjectNode objectOrNull(KeyValue kv) {
        try {
            return normalized(translator.decode(kv));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "skipping undecodable " + Bytes.text(kv.getKey()) + ": " + e.getMessage());
            return null;
        }
    }

    static ObjectNode normalized(ObjectNode object) {
        ObjectMetaOrder.normalize(object);
        return object;
    }
}
