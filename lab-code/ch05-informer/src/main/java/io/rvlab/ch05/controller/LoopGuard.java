package io.rvlab.ch05.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Whether an object, as it is now, still needs this controller's write. A controller's own write
 * comes back to it as an update event; the guard is what makes reconciling that event a no-op, so
 * the controller goes quiet instead of answering itself forever (exercise 5.4).
 *
 * <p>A guard looks at the object alone, never at "did I write last time": a restarted controller,
 * or another replica, must reach the same answer.
 */
@FunctionalInterface
public interface LoopGuard {

    // tag::loop-guard[]
    /** True if the object is not yet as this controller wants it, so writing would change something. */
    boolean needsWrite(ObjectNode object);
    // end::loop-guard[]

    /** No guard at all: every event is answered with a write (what the naive controller does). */
    LoopGuard ALWAYS = object -> true;
}
