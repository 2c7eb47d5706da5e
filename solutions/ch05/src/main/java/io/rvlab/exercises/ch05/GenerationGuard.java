package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.controller.LoopGuard;

/**
 * <b>Exercise 5.4: the controller's loop guard.</b> Reference answer.
 */
public final class GenerationGuard implements LoopGuard {

    // tag::signature[]
    /**
     * Whether the Deployment status controller must write {@code status.observedGeneration}: only
     * when it differs from {@code metadata.generation}.
     */
    @Override
    public boolean needsWrite(ObjectNode deployment) {
        long generation = deployment.path("metadata").path("generation").asLong(0);
        long observed = deployment.path("status").path("observedGeneration").asLong(0);
        return generation != observed; // our own status write leaves them equal: its event wakes nothing
    }
    // end::signature[]
}
