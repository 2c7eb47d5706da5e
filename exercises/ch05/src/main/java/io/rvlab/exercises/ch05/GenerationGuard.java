package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.controller.LoopGuard;

/**
 * <b>Exercise 5.4: the controller's loop guard.</b>
 *
 * <p>The Deployment status controller writes {@code status.observedGeneration} = {@code
 * metadata.generation}: "I have seen this spec". Its own write comes back to it through the informer
 * as an update event, and it reconciles again. Without a guard it writes again, which comes back
 * again: a controller answering itself forever, each write a new resourceVersion in etcd.
 *
 * <p>The guard decides from the object alone whether a write is needed. The API server bumps {@code
 * metadata.generation} when the spec changes, never for a status write through {@code /status}, nor
 * for labels. So the controller's own write leaves generation and observedGeneration equal, and the
 * event it causes asks for nothing. (A guard that remembered "I wrote last time" would be wrong after
 * a restart, or with two replicas.) A new Deployment has generation 1 and no status yet.
 *
 * <p>Grade it with {@code ./course grade 5 --exercise 5.4}; the specification is
 * {@code GenerationGuardTest}, whose last test runs the course's DeploymentStatusController with your
 * guard against a real API server, changes specs, labels and statuses, and counts its writes.
 */
public final class GenerationGuard implements LoopGuard {

    // tag::signature[]
    /**
     * Whether the Deployment status controller must write {@code status.observedGeneration}: only
     * when it differs from {@code metadata.generation}.
     */
    @Override
    public boolean needsWrite(ObjectNode deployment) {
        throw new UnsupportedOperationException("TODO exercise 5.4: compare metadata.generation with"
                + " status.observedGeneration (0 when there is no status yet)");
    }
    // end::signature[]
}
