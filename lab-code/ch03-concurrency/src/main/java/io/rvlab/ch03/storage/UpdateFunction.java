package io.rvlab.ch03.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;

// tag::contract[]
/**
 * The "modify" of read-modify-write (apiserver's {@code tryUpdate}): given the object as stored
 * now (with its resourceVersion), returns the object to store. It may run more than once, each time
 * on a fresher object, so it must not have side effects. Anything it throws ends the update and
 * reaches the caller unchanged: it is not retried.
 */
@FunctionalInterface
public interface UpdateFunction {

    ObjectNode apply(ObjectNode current);
}
// end::contract[]
