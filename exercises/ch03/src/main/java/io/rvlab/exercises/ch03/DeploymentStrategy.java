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
 * <p>Before a write, the server turns the object the client sent into the object it stores (the
 * kind's strategy, Kubernetes' {@code pkg/registry/apps/deployment/strategy.go}). What clients observe
 * of it, in the golden capture h1 of a real kube-apiserver (the chapter's generation section walks
 * through it):
 * <ul>
 *   <li>a new Deployment starts at generation 1 with an empty status, whatever the client sent (h.1);</li>
 *   <li>no client can set the generation; a user who changes what the Deployment should be sees it
 *       move by exactly one (h.2, h.3), a label change does not count (h.4), an annotation change does
 *       for a Deployment, whose annotations reach its ReplicaSets (h.5);</li>
 *   <li>the main resource cannot change the status, and {@code /status} cannot change anything but
 *       the status (h.6, h.7, h.8): a controller writing its status never moves the generation;</li>
 *   <li>{@code status.observedGeneration} is the status writer's, never the server's (h.6 stores
 *       observedGeneration 3 next to generation 4).</li>
 * </ul>
 * "Changed" is judged as Go's semantic equality judges it: a missing field and a JSON {@code null}
 * are the same, and so are no annotations and an empty map. When the result equals the stored
 * object, nothing is written and the resourceVersion stays (h.7, h.8): the grading tests replay the
 * golden sequence on etcd and check that too.
 *
 * <p>Nothing is given but Jackson's {@code ObjectNode}: the Deployment as JSON. The chapter 3
 * server's own strategy ({@code io.rvlab.ch03.registry.DeploymentUpdateStrategy}) is not for you to
 * call: a grading test checks that your class does not. Grade it with
 * {@code ./course grade 3 --exercise 3.3}; the specification is {@code DeploymentStrategyTest}.
 */
public final class DeploymentStrategy {

    private DeploymentStrategy() {
    }

    // tag::signature[]
    /**
     * The object to store for a create.
     *
     * @param requested the Deployment the client POSTed (not changed by this method)
     * @return the object to store (a new object)
     */
    public static ObjectNode prepareForCreate(ObjectNode requested) {
        throw new UnsupportedOperationException("TODO exercise 3.3");
    }

    /**
     * The object to store for an update (PUT or PATCH) of the main resource.
     *
     * @param old the stored Deployment (not changed by this method)
     * @param requested the Deployment as the client wants it (not changed by this method)
     * @return the object to store (a new object)
     */
    public static ObjectNode prepareForUpdate(ObjectNode old, ObjectNode requested) {
        throw new UnsupportedOperationException("TODO exercise 3.3");
    }

    /**
     * The object to store for an update through the /status subresource.
     *
     * @param old the stored Deployment (not changed by this method)
     * @param requested the Deployment as the status writer sent it (not changed by this method)
     * @return the object to store (a new object)
     */
    public static ObjectNode prepareForStatusUpdate(ObjectNode old, ObjectNode requested) {
        throw new UnsupportedOperationException("TODO exercise 3.3");
    }
    // end::signature[]
}
