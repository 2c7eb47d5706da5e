package io.rvlab.ch03.storage;

import io.etcd.jetcd.KeyValue;
import io.rvlab.ch01.Bytes;
import java.util.LinkedHashMap;
import java.util.Map;

// tag::contract[]
/**
 * What this server last saw stored under a few recently used keys (the value's bytes and its
 * mod_revision), so that {@link EtcdUpdatableStorage#guaranteedUpdate} can start from it instead of
 * reading etcd first: kube-apiserver's {@code cachedExistingObject}.
 *
 * <p>A suggestion, never the truth: another writer may have changed the key since. That is safe
 * because the update's transaction compares the key's mod_revision with the suggestion's, so a stale
 * suggestion can never be written over a newer value; the transaction fails, its Else branch
 * returns the current value, and the update runs again on it. Anything decided from a suggestion
 * without a transaction (a failed precondition, an error from tryUpdate, "nothing changed") is
 * decided again on a value read from etcd before it is answered.
 *
 * <p>kube-apiserver takes the suggestion from its watch cache (chapter 4 builds one), which every
 * write to etcd reaches; this server has none yet, so it remembers only what it read and wrote itself.
 * Bounded: the least recently used keys are dropped first.
 */
// end::contract[]
public final class SuggestedObjects {

    /** How many keys a server remembers by default: enough for a few hundred busy objects. */
    public static final int DEFAULT_CAPACITY = 1024;

    private final int capacity;
    private final Map<String, KeyValue> byKey;

    public SuggestedObjects(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.capacity = capacity;
        this.byKey = new LinkedHashMap<>(16, 0.75f, true) { // access order: evict the least recently used
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, KeyValue> eldest) {
                return size() > SuggestedObjects.this.capacity;
            }
        };
    }

    /** The value last seen under the key, or null if none is remembered. */
    public synchronized KeyValue get(String key) {
        return byKey.get(key);
    }

    /**
     * Remembers a value read from etcd or just written to it. An older value (lower mod_revision)
     * than the one remembered is ignored: two requests may finish out of order.
     */
    public synchronized void remember(KeyValue value) {
        String key = Bytes.text(value.getKey());
        KeyValue known = byKey.get(key);
        if (known == null || known.getModRevision() <= value.getModRevision()) {
            byKey.put(key, value);
        }
    }

    /** Forgets the key: it was deleted, or found missing. */
    public synchronized void forget(String key) {
        byKey.remove(key);
    }

    public synchronized int size() {
        return byKey.size();
    }
}
