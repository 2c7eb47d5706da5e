package io.rvlab.ch05.cache;

/**
 * One queued change (client-go's {@code Delta}).
 *
 * @param type what happened
 * @param object the object's state after it (an {@code ObjectNode}), or a {@link
 *               DeletedFinalStateUnknown} for a DELETED learnt of by relisting
 */
public record Delta(DeltaType type, Object object) {
}
