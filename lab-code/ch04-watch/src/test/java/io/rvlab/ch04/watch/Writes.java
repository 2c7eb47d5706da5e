package io.rvlab.ch04.watch;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.ch03.storage.Preconditions;
import java.time.Duration;
import java.util.UUID;

/** ConfigMap writes through chapter 3's storage, in a namespace of the test's own. */
public final class Writes {

    public final EtcdUpdatableStorage storage;
    public final String namespace;

    public Writes(Client client) {
        this(client, "w-" + UUID.randomUUID().toString().substring(0, 8));
    }

    public Writes(Client client, String namespace) {
        this.storage = new EtcdUpdatableStorage(client, new Versioner(), Duration.ofSeconds(3));
        this.namespace = namespace;
    }

    public RegistryPrefix collection() {
        return Keys.collection("configmaps", namespace);
    }

    public RegistryKey key(String name) {
        return Keys.object("configmaps", namespace, name);
    }

    /** etcd's current revision, as a resourceVersion to watch from. */
    public String now() {
        return Long.toString(storage.currentRevision());
    }

    public ObjectNode create(String name, String value) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("apiVersion", "v1").put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", name).put("namespace", namespace);
        cm.putObject("data").put("k", value);
        return storage.create(key(name), cm);
    }

    public ObjectNode update(String name, String value) {
        return storage.guaranteedUpdate(key(name), Preconditions.NONE, current -> {
            ((ObjectNode) current.get("data")).put("k", value);
            return current;
        });
    }

    public ObjectNode delete(String name) {
        return storage.delete(key(name), Preconditions.NONE);
    }

    public static String rv(ObjectNode object) {
        return object.path("metadata").path("resourceVersion").asText();
    }

    public static String data(WatchEvent event) {
        return event.object().path("data").path("k").asText();
    }
}
