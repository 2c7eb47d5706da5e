package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * <b>Exercise 3.3: the generation rule of a Deployment.</b>
 *
 * <p>resourceVersion changes on every write; {@code metadata.generation} counts only changes to
 * what the user <em>wants</em>. A controller compares it with the {@code status.observedGeneration}
 * it wrote itself to know whether it has acted on the latest desired state, so it must not move
 * when the controller writes status, or the controller would chase its own writes forever.
 *
 * <p>Before a write, the server turns the object the client sent into the object it stores, with
 * the rules of the kind's strategy (Kubernetes' {@code pkg/registry/apps/deployment/strategy.go}):
 * <ul>
 *   <li><b>create</b>: generation is 1 and status is empty ({@code {}}), whatever the client sent
 *       (GOLD h.1);</li>
 *   <li><b>update of the main resource</b>: clients cannot set generation, the server copies the
 *       old one; it goes up by exactly 1 when {@code spec} changed, and also, for a Deployment, when
 *       {@code metadata.annotations} changed, because they are copied to the ReplicaSets (GOLD h.2
 *       and h.3: spec, 1 to 2 to 3; h.4: labels, stays 3; h.5: annotations, 4). Status sent here is
 *       ignored: the old status is kept (GOLD h.7);</li>
 *   <li><b>update through /status</b>: only status changes; spec and labels are taken from the old
 *       object and generation stays (GOLD h.6, and h.8 where spec sent to /status is ignored);</li>
 *   <li>{@code status.observedGeneration} is never set by the server: it is whatever the status
 *       writer sent (GOLD h.6 stores observedGeneration 3 next to generation 4).</li>
 * </ul>
 * "Changed" means a different JSON value; a missing field, a JSON {@code null} and, for
 * annotations, an empty object {@code {}} all mean "none" (Go's semantic equality treats a nil and
 * an empty map alike). When the result equals the stored object, nothing is written and the
 * resourceVersion stays (GOLD h.7, h.8): the grading tests replay the golden sequence on etcd and
 * check that too.
 *
 * <p>Grade it with {@code ./course grade 3 --exercise 3.3}; the specification is
 * {@code DeploymentStrategyTest}.
 */
public final class DeploymentStrategy {

    private DeploymentStrategy() {
    }

    // tag::signature[]
    /**
     * The object to store for a create.
     *
     * @param requested the Deployment the client POSTed (not changed by this method)
     * @return a copy with {@code metadata.generation} 1 and {@code status} {@code {}}
     */
    public static ObjectNode prepareForCreate(ObjectNode requested) {
        throw new UnsupportedOperationException("TODO exercise 3.3");
    }

    /**
     * The object to store for an update (PUT or PATCH) of the main resource.
     *
     * @param old the stored Deployment (not changed by this method)
     * @param requested the Deployment as the client wants it (not changed by this method)
     * @return a copy of {@code requested} with the old status, and the old generation, plus 1 if
     *     the spec or the annotations differ from the old ones
     */
    public static ObjectNode prepareForUpdate(ObjectNode old, ObjectNode requested) {
        throw new UnsupportedOperationException("TODO exercise 3.3");
    }

    /**
     * The object to store for an update through the /status subresource.
     *
     * @param old the stored Deployment (not changed by this method)
     * @param requested the Deployment as the status writer sent it (not changed by this method)
     * @return a copy of {@code requested} with the old spec, the old labels and the old generation
     */
    public static ObjectNode prepareForStatusUpdate(ObjectNode old, ObjectNode requested) {
        throw new UnsupportedOperationException("TODO exercise 3.3");
    }
    // end::signature[]
}
