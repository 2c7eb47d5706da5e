package io.rvlab.ch05.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch04.guarantees.EtcdHistory;
import io.rvlab.ch04.watch.EtcdEventTranslator;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What etcd holds under a collection's prefix, read with jetcd, never through the API server under
 * test: the truth an informer's store must end equal to. Each object is decoded as chapter 4's watch
 * decodes it (its mod_revision as its resourceVersion), keyed as client-go keys it ("namespace/name").
 */
public record EtcdState(Map<String, ObjectNode> objects, long revision) {

    public EtcdState {
        objects = java.util.Collections.unmodifiableMap(new TreeMap<>(objects));
    }

    /** One linearizable range of {@code prefix} (e.g. {@code ResourceTypes.CONFIGMAPS.prefix("lab")}). */
    public static EtcdState read(Client etcd, RegistryPrefix prefix) {
        GetResponse response;
        try {
            response = etcd.getKVClient().get(Bytes.bytes(prefix.path()), GetOption.builder().isPrefix(true).build())
                    .get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + prefix.path(), e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not read " + prefix.path() + " from etcd: " + e, e);
        }
        EtcdEventTranslator decoder = new EtcdEventTranslator(new Versioner());
        Map<String, ObjectNode> objects = new TreeMap<>();
        for (KeyValue kv : response.getKvs()) {
            ObjectNode object = decoder.decode(kv);
            objects.put(EtcdHistory.key(object), object);
        }
        return new EtcdState(objects, response.getHeader().getRevision());
    }
}
