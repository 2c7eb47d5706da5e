package io.rvlab.ch03.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.client.DeploymentClient;

/**
 * A tiny Deployment controller done right: it reconciles only when the spec has changed since it
 * last answered (metadata.generation differs from status.observedGeneration), and the status it
 * writes depends on the spec alone (no timestamps), with observedGeneration set to the generation
 * it answered. So it writes only when there is something new to say: its own status write does not
 * change the generation and does not wake it up, and neither does a label change. When there is
 * nothing new, it goes quiet: it reads, and writes nothing.
 *
 * <p>It polls with GET, one pass per {@link #poll()} call; chapter 4 replaces polling with a watch
 * (and client-go's controllers use informers), but the rule of when to act and when to write is
 * the same.
 */
public final class ObservedGenerationController {

    private final DeploymentClient deployments;
    private final String name;
    private int passes;

    public ObservedGenerationController(DeploymentClient deployments, String name) {
        this.deployments = deployments;
        this.name = name;
    }

    // tag::observed-generation[]
    /** One pass: read the Deployment; only for a generation not yet observed, reconcile and write status. */
    public Pass poll() {
        passes++;
        ObjectNode deployment = deployments.get(name);
        long seen = DeploymentStatus.resourceVersion(deployment);
        long generation = DeploymentStatus.generation(deployment);
        long observed = DeploymentStatus.observedGeneration(deployment);
        if (generation == observed) {
            // The status already answers this spec. A label change or our own last status write
            // may have moved the resourceVersion, but there is nothing to do.
            return new Pass(passes, seen, generation, observed, false, false, seen);
        }
        ObjectNode status = DeploymentStatus.desired(deployment); // reconcile: here, compute the answer
        ObjectNode written = deployments.patchStatus(name, status); // observedGeneration := generation
        long after = DeploymentStatus.resourceVersion(written);
        return new Pass(passes, seen, generation, observed, true, after != seen, after);
    }
    // end::observed-generation[]
}
