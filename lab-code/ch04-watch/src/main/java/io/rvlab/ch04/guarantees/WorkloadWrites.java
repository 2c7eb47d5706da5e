package io.rvlab.ch04.guarantees;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.ch03.storage.Preconditions;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

/**
 * The writes of a {@link RandomWorkload}: random creates, updates and deletes of a few ConfigMap names,
 * and some writes to a sibling namespace no watcher may see, each recorded in the {@link EtcdHistory}
 * with the revision etcd answered. They go through chapter 3's storage, so etcd holds exactly what
 * kube-apiserver would store. The random source is the workload's own, so its seed fixes the writes.
 */
final class WorkloadWrites {

    private final EtcdUpdatableStorage storage;
    private final String namespace;
    private final RandomWorkload.Options options;
    private final Random random;
    private final Set<String> outsideExisting = new HashSet<>();

    WorkloadWrites(EtcdUpdatableStorage storage, String namespace, RandomWorkload.Options options, Random random) {
        this.storage = storage;
        this.namespace = namespace;
        this.options = options;
        this.random = random;
    }

    /** One random create, update or delete, recorded with the revision etcd answered. */
    void write(int i, EtcdHistory history, Set<String> existing) {
        if (random.nextDouble() < options.outsideShare()) {
            writeOutside(i, history);
            return;
        }
        String name = "cm-" + random.nextInt(options.names());
        String value = "v" + i;
        if (!existing.contains(name)) {
            history.record(WatchEvent.Type.ADDED, storage.create(Keys.object("configmaps", namespace, name),
                    configMap(name, value)));
            existing.add(name);
        } else if (random.nextInt(4) > 0) {
            history.record(WatchEvent.Type.MODIFIED, storage.guaranteedUpdate(Keys.object("configmaps", namespace, name),
                    Preconditions.NONE, current -> {
                        ((ObjectNode) current.get("data")).put("value", value);
                        return current;
                    }));
        } else {
            history.record(WatchEvent.Type.DELETED, storage.delete(Keys.object("configmaps", namespace, name),
                    Preconditions.NONE));
            existing.remove(name);
        }
    }

    /** A create or update in the sibling namespace: a revision no watcher of ours may see. */
    private void writeOutside(int i, EtcdHistory history) {
        String sibling = namespace + "-x";
        String name = "noise-" + random.nextInt(3);
        ObjectNode written;
        if (outsideExisting.add(name)) {
            ObjectNode cm = configMap(name, "v" + i);
            ((ObjectNode) cm.get("metadata")).put("namespace", sibling);
            written = storage.create(Keys.object("configmaps", sibling, name), cm);
        } else {
            written = storage.guaranteedUpdate(Keys.object("configmaps", sibling, name), Preconditions.NONE, current -> {
                ((ObjectNode) current.get("data")).put("value", "v" + i);
                return current;
            });
        }
        history.recordOutside(EtcdHistory.revision(written));
    }

    private ObjectNode configMap(String name, String value) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("kind", "ConfigMap").put("apiVersion", "v1");
        ObjectNode metadata = cm.putObject("metadata");
        metadata.put("name", name).put("namespace", namespace);
        metadata.putObject("labels").put("app", "guarantees");
        cm.putObject("data").put("value", value);
        return cm;
    }
}
