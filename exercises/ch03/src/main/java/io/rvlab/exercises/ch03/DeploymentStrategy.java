package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * <b>Exercise 3.3: the generation rule of a Deployment, and of a custom resource.</b>
 *
 * <p>resourceVersion changes on every write; {@code metadata.generation} counts only changes to
 * what the user <em>wants</em>. A controller compares it with the {@code status.observedGeneration}
 * it wrote itself to know whether it has acted on the latest desired state, so it must not move
 * when the controller writes status, or the controller would chase its own writes forever.
 *
 * <p>Before a write, the server turns the object the client sent into the object it stores (the
 * kind's strategy, Kubernetes' {@code pkg/registry/apps/deployment/strategy.go}). The guarantees
 * clients observe, in the golden capture h1 of a real kube-apiserver:
 * <ul>
 *   <li>generation is the server's: a new Deployment starts at 1, and it moves, by one, exactly when
 *       a client's intent for the Deployment changes (which parts of a Deployment are intent is part
 *       of the exercise; the chapter's generation section and h1 tell);</li>
 *   <li>the main resource and {@code /status} are written by different parties and cannot change
 *       each other's part, so a controller writing its status never moves the generation;</li>
 *   <li>a create stores no status the client sent; {@code status.observedGeneration} is the status
 *       writer's, never the server's.</li>
 * </ul>
 * "Changed" is judged as Go's semantic equality judges it. When the result equals the stored object,
 * nothing is written and the resourceVersion stays: the grading tests replay h1 on etcd and check it.
 *
 * <p>The second half is the same three guarantees for a custom resource whose
 * CustomResourceDefinition enables the {@code /status} subresource. Its server
 * (apiextensions-apiserver, {@code pkg/registry/customresource}) stores arbitrary JSON and knows
 * nothing of the kind's meaning, so what counts as intent, and what {@code /status} may touch, is
 * not the Deployment's answer: finding out what it is instead is part of the exercise.
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

    /**
     * The object to store for an update (PUT or PATCH) of a custom resource's main resource, when its
     * CustomResourceDefinition enables the /status subresource.
     *
     * @param old the stored object (not changed by this method)
     * @param requested the object as the client wants it (not changed by this method)
     * @return the object to store (a new object)
     */
    public static ObjectNode prepareCustomResourceForUpdate(ObjectNode old, ObjectNode requested) {
        throw new UnsupportedOperationException("TODO exercise 3.3");
    }

    /**
     * The object to store for an update through that custom resource's /status subresource.
     *
     * @param old the stored object (not changed by this method)
     * @param requested the object as the status writer sent it (not changed by this method)
     * @return the object to store (a new object)
     */
    public static ObjectNode prepareCustomResourceForStatusUpdate(ObjectNode old, ObjectNode requested) {
        throw new UnsupportedOperationException("TODO exercise 3.3");
    }
    // end::signature[]
}
