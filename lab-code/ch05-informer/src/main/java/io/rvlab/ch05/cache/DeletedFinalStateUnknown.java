package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A deletion the reflector learnt of only by relisting: the object was known, the new list no
 * longer has it, and the DELETED event itself was missed while the watch was down (client-go's
 * {@code DeletedFinalStateUnknown}). {@code object} is the last state the client knew, which may
 * be older than the state the server deleted; a handler's {@code onDelete} must accept it.
 *
 * @param key the key the object was stored under
 * @param object the last known state
 */
public record DeletedFinalStateUnknown(String key, ObjectNode object) {
}
