package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * Where a {@link Reflector} puts what it lists and watches (client-go's {@code cache.Store}): a
 * map by {@link ObjectKeys key}. A {@link ThreadSafeIndexer} is a plain cache; a {@link DeltaFIFO}
 * is a queue of changes for an informer to process. Every implementation here is thread-safe.
 *
 * <p>Objects handed out are shared, not copied (as in client-go): callers must not modify them
 * ({@code deepCopy()} first).
 */
public interface Store {

    /** An object the watch reported ADDED. */
    void add(ObjectNode object);

    /** An object the watch reported MODIFIED. */
    void update(ObjectNode object);

    /** An object the watch reported DELETED (its last state). */
    void delete(ObjectNode object);

    List<ObjectNode> list();

    List<String> listKeys();

    Optional<ObjectNode> getByKey(String key);

    /** Replaces the whole content with a list's items, at that list's resourceVersion (relist / watch-list). */
    void replace(List<ObjectNode> items, String resourceVersion);

    /** Periodic resync: re-deliver what is known, WITHOUT asking the server (not a relist). */
    void resync();
}
