package io.rvlab.exercises.ch04;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch01.CompactedRevisionException;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch04.watch.StorageWatch;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch04.watch.WatchListener;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Reference answer to exercise 4.4: a 410 Expired watch relists, replaces its store, watches again.
 *
 * <p>The new watch starts from the list's own revision, not from "now": a write that lands between
 * the list and the new watch is then replayed by etcd instead of falling into the gap.
 *
 * <p>An object deleted and created again under the same name during the gap is another object (another
 * metadata.uid): the handler hears DELETED for the old one, then ADDED for the new one, as an unbroken watch
 * would have told it. client-go's informers send an update here, and controllers undo it by hand (the
 * ReplicaSet controller's updateRS: "TODO: make a KEP and fix informers to always call the delete event
 * handler on re-create", pkg/controller/replicaset/replica_set.go).
 *
 * <p>Two threads meet here, and neither may wait for the other while holding what the other needs:
 * <ul>
 *   <li>etcd's client thread delivers events holding the {@link StorageWatch}'s lock and then wants
 *       this object's lock (to update the store), so {@link #close()} takes this object's lock only
 *       to mark it closed and closes the StorageWatch after letting go of it;</li>
 *   <li>the 410 arrives on etcd's client thread too, where a blocking read of etcd must not run (it
 *       would wait for a thread of the very client it blocks), so the relist runs on a thread of its own.</li>
 * </ul>
 */
public final class RelistingWatch implements AutoCloseable {

    private final Client client;
    private final RegistryPrefix collection;
    private final Consumer<WatchEvent> handler;
    private final Versioner versioner = new Versioner();
    private final Map<String, ObjectNode> store = new TreeMap<>();
    private final ExecutorService relister;
    private StorageWatch watch;   // guarded by this
    private boolean closed;       // guarded by this

    public RelistingWatch(Client client, RegistryPrefix collection, String resourceVersion,
            Map<String, ObjectNode> known, Consumer<WatchEvent> handler) {
        this.client = client;
        this.collection = collection;
        this.handler = handler;
        this.relister = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "relist-" + collection.path());
            thread.setDaemon(true);
            return thread;
        });
        synchronized (this) {
            store.putAll(known);
            watch = watchFrom(resourceVersion);
        }
    }

    private StorageWatch watchFrom(String resourceVersion) {
        return new StorageWatch(client, versioner, collection, resourceVersion, new WatchListener() {
            @Override
            public void onEvent(WatchEvent event) {
                apply(event);
            }

            @Override
            public void onError(RuntimeException error) {
                if (error instanceof CompactedRevisionException) {
                    try {
                        relister.execute(RelistingWatch.this::relist); // never read etcd on etcd's own thread
                    } catch (RejectedExecutionException closing) {
                        // close() ran meanwhile: nothing to do
                    }
                }
            }
        });
    }

    private synchronized void apply(WatchEvent event) {
        if (closed) {
            return;
        }
        String name = event.object().path("metadata").path("name").asText();
        if (event.type() == WatchEvent.Type.DELETED) {
            store.remove(name);
        } else {
            store.put(name, event.object());
        }
        handler.accept(event);
    }

    // client-go: reflector ListAndWatch after a 410, then DeltaFIFO.Replace.
    private void relist() {
        Map<String, ObjectNode> listed = new TreeMap<>();
        long revision;
        try {
            GetResponse list = client.getKVClient().get(ByteSequence.from(collection.path(), StandardCharsets.UTF_8),
                    GetOption.builder().isPrefix(true).build()).get(30, TimeUnit.SECONDS);
            revision = list.getHeader().getRevision();
            for (KeyValue kv : list.getKvs()) {
                ObjectNode object = (ObjectNode) GoJson.read(kv.getValue().getBytes());
                versioner.updateObject(object, kv.getModRevision());
                listed.put(object.path("metadata").path("name").asText(), object);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // close() stopped us
            return;
        } catch (Exception e) {
            throw new IllegalStateException("relisting " + collection + " failed", e);
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            store.forEach((name, old) -> {
                ObjectNode now = listed.get(name);
                if (now == null || !uid(now).equals(uid(old))) {
                    handler.accept(new WatchEvent(WatchEvent.Type.DELETED, old)); // deleted while we could not see
                }
            });
            listed.forEach((name, object) -> {
                ObjectNode old = store.get(name);
                if (old == null || !uid(object).equals(uid(old))) {   // new, or created again under an old name
                    handler.accept(new WatchEvent(WatchEvent.Type.ADDED, object));
                } else if (!versioner.objectResourceVersion(old).equals(versioner.objectResourceVersion(object))) {
                    handler.accept(new WatchEvent(WatchEvent.Type.MODIFIED, object));
                }
            });
            store.clear();
            store.putAll(listed);
            watch = watchFrom(Long.toString(revision)); // from the list, not from "now"
        }
    }

    /** Kubernetes tells objects apart by uid, not by name: one deleted and created again is another object. */
    private static String uid(ObjectNode object) {
        return object.path("metadata").path("uid").asText();
    }

    public synchronized Map<String, ObjectNode> store() {
        return new TreeMap<>(store);
    }

    @Override
    public void close() {
        StorageWatch current;
        synchronized (this) {
            closed = true;
            current = watch;
        }
        relister.shutdownNow();
        current.close(); // outside our lock: the delivering thread holds the StorageWatch's and may want ours
    }
}
