package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A last change to an object on its way into storage (apiserver's {@code rest.TransformFunc}):
 * given the object a create, update or patch is about to store, and the object as stored now,
 * returns the object to go on with. Kubernetes runs its field manager this way, which is why
 * chapter 6 needed this hook: the transform of an update runs inside the guaranteed update, on
 * every attempt, against the freshest stored object.
 *
 * <p>It may run more than once for one request, so it must not have side effects.
 */
@FunctionalInterface
public interface TransformFunc {

    /** Changes nothing (what chapter 3's own create, update and patch use). */
    TransformFunc NONE = (updated, old) -> updated;

    /**
     * @param updated the object about to be stored (the transform may change and return it)
     * @param old     the object as stored, or null on create
     * @throws io.rvlab.ch02.api.StatusException to refuse the write
     */
    ObjectNode transform(ObjectNode updated, ObjectNode old);
}
