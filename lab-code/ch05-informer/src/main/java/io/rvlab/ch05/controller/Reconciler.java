package io.rvlab.ch05.controller;

/**
 * Brings one object's world in line with what it asks for (controller-runtime's {@code Reconciler}).
 * It gets a key, not an event: it reads the object's current state (from the informer's cache, or
 * afresh), so it does not matter how many changes led here or whether some were missed. It must be
 * idempotent: reconciling an object that is already right writes nothing. An exception sends the
 * key back to the queue with a backoff.
 */
@FunctionalInterface
public interface Reconciler {

    /** @param key {@code namespace/name}, or {@code name} for a cluster-scoped object */
    void reconcile(String key) throws Exception;
}
