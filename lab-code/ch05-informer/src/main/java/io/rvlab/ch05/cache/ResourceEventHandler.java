package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a {@link SharedInformer} tells a handler (client-go's {@code ResourceEventHandler}). Calls
 * for one handler come in order on one thread of its own, after the informer's indexer already
 * reflects them. Objects are shared: do not modify them.
 */
public interface ResourceEventHandler {

    /** A new object; {@code isInInitialList} while the informer is delivering its first list. */
    default void onAdd(ObjectNode object, boolean isInInitialList) {
    }

    /** A changed object; on a periodic resync old and new are the same object (same resourceVersion). */
    default void onUpdate(ObjectNode oldObject, ObjectNode newObject) {
    }

    /** A deleted object's last state, or a {@link DeletedFinalStateUnknown} if the deletion was learnt by relisting. */
    default void onDelete(Object objectOrTombstone) {
    }
}
