package io.rvlab.ch03.bench;

import java.util.List;

/**
 * One way of doing an optimistic-concurrency update: read the object, change it, write it back
 * only if nobody wrote it since the read. Implementations are used by many client threads at once.
 */
public interface Updater {

    /** The outcome of one read-modify-write, and how long its conditional write took. */
    record Attempt(boolean updated, long writeNanos) {
    }

    /** A short name for tables: "raw etcd", "API server". */
    String name();

    /** Creates (or resets) the objects named, each holding a ConfigMap with a counter. */
    void prepare(List<String> names) throws Exception;

    /**
     * Reads {@code name}, increments its counter and writes it back conditionally.
     *
     * @return updated, or not because another writer got there first (a conflict)
     * @throws Exception anything else: an error, counted apart
     */
    Attempt update(String name) throws Exception;
}
