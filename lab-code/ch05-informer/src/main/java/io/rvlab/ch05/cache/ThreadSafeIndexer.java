package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The informer's local cache (client-go's {@code threadSafeMap} behind {@code cache.NewIndexer}):
 * objects by key, plus one index per {@link IndexFunc}, {@code index name -> value -> keys}.
 *
 * <p>Every write recomputes the object's index values and moves its key between index buckets, so
 * an index never points at a stale state (an object whose label changed leaves the old label's
 * bucket; a deleted object leaves them all). A bucket that empties is dropped, as client-go does,
 * so the index does not grow with every value ever seen. One read-write lock guards both maps.
 */
public final class ThreadSafeIndexer implements Indexer {

    private final Map<String, IndexFunc> indexers;
    private final Map<String, ObjectNode> items = new LinkedHashMap<>();
    private final Map<String, Map<String, Set<String>>> indices = new HashMap<>();
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private volatile String resourceVersion = "";

    public ThreadSafeIndexer(Map<String, IndexFunc> indexers) {
        this.indexers = Map.copyOf(indexers);
        this.indexers.keySet().forEach(name -> indices.put(name, new HashMap<>()));
    }

    @Override
    public void add(ObjectNode object) {
        put(ObjectKeys.of(object), object);
    }

    @Override
    public void update(ObjectNode object) {
        put(ObjectKeys.of(object), object);
    }

    @Override
    public void delete(ObjectNode object) {
        deleteByKey(ObjectKeys.of(object));
    }

    /** Removes whatever is stored under {@code key} (an informer deleting by a tombstone's key). */
    public void deleteByKey(String key) {
        lock.writeLock().lock();
        try {
            ObjectNode old = items.remove(key);
            if (old != null) {
                updateIndices(old, null, key);
            }
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void put(String key, ObjectNode object) {
        lock.writeLock().lock();
        try {
            ObjectNode old = items.put(key, object);
            updateIndices(old, object, key);
        } finally {
            lock.writeLock().unlock();
        }
    }

    // tag::update-indices[]
    /** Moves {@code key} from the buckets of {@code old}'s index values to those of {@code current}'s. */
    private void updateIndices(ObjectNode old, ObjectNode current, String key) {
        for (Map.Entry<String, IndexFunc> indexer : indexers.entrySet()) {
            Map<String, Set<String>> index = indices.get(indexer.getKey());
            List<String> oldValues = old == null ? List.of() : indexer.getValue().indexValues(old);
            List<String> newValues = current == null ? List.of() : indexer.getValue().indexValues(current);
            for (String value : oldValues) {
                if (newValues.contains(value)) {
                    continue;
                }
                Set<String> keys = index.get(value);
                if (keys != null) {
                    keys.remove(key);
                    if (keys.isEmpty()) {
                        index.remove(value); // no empty buckets left behind
                    }
                }
            }
            for (String value : newValues) {
                index.computeIfAbsent(value, v -> new LinkedHashSet<>()).add(key);
            }
        }
    }
    // end::update-indices[]

    @Override
    public List<ObjectNode> list() {
        lock.readLock().lock();
        try {
            return new ArrayList<>(items.values());
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public List<String> listKeys() {
        lock.readLock().lock();
        try {
            return new ArrayList<>(items.keySet());
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public Optional<ObjectNode> getByKey(String key) {
        lock.readLock().lock();
        try {
            return Optional.ofNullable(items.get(key));
        } finally {
            lock.readLock().unlock();
        }
    }

    /** All at once: the new items, indexes rebuilt from them (what a relist does to a plain cache). */
    @Override
    public void replace(List<ObjectNode> newItems, String resourceVersion) {
        lock.writeLock().lock();
        try {
            items.clear();
            indices.values().forEach(Map::clear);
            for (ObjectNode object : newItems) {
                String key = ObjectKeys.of(object);
                ObjectNode old = items.put(key, object);
                updateIndices(old, object, key);
            }
            this.resourceVersion = resourceVersion;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Nothing to re-deliver: a plain cache has no one to deliver to (client-go's threadSafeMap.Resync is a no-op). */
    @Override
    public void resync() {
    }

    /** The resourceVersion of the last {@link #replace}: the list this content started from. */
    public String resourceVersion() {
        return resourceVersion;
    }

    @Override
    public List<ObjectNode> byIndex(String indexName, String indexedValue) {
        lock.readLock().lock();
        try {
            List<ObjectNode> objects = new ArrayList<>();
            for (String key : bucket(indexName, indexedValue)) {
                objects.add(items.get(key));
            }
            return objects;
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public List<String> indexKeys(String indexName, String indexedValue) {
        lock.readLock().lock();
        try {
            return new ArrayList<>(bucket(indexName, indexedValue));
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The values index {@code indexName} currently holds (client-go's {@code ListIndexFuncValues}). */
    public List<String> indexValues(String indexName) {
        lock.readLock().lock();
        try {
            return new ArrayList<>(index(indexName).keySet());
        } finally {
            lock.readLock().unlock();
        }
    }

    private Set<String> bucket(String indexName, String indexedValue) {
        return index(indexName).getOrDefault(indexedValue, Set.of());
    }

    private Map<String, Set<String>> index(String indexName) {
        Map<String, Set<String>> index = indices.get(indexName);
        if (index == null) {
            throw new IllegalArgumentException("Index with name " + indexName + " does not exist");
        }
        return index;
    }
}
