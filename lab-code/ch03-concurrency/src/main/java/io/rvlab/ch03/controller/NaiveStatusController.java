package io.rvlab.ch03.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.client.DeploymentClient;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * The controller not to write. It reconciles whenever the Deployment's resourceVersion differs from
 * the one it last saw (any change, even its own), and every reconcile writes status, stamping a
 * condition's {@code lastUpdateTime} with the time of the pass. The write makes a new
 * resourceVersion, which the next pass sees as a change: the controller triggers itself on every
 * pass, forever, and the object's resourceVersion climbs although nobody changed the spec.
 *
 * <p>Were its status the same on every pass, the server would write nothing (a no-op update keeps
 * the resourceVersion) and the loop would stop by luck; a timestamp in status is what keeps it
 * going, and real controllers have shipped exactly that bug.
 */
public final class NaiveStatusController {

    private final DeploymentClient deployments;
    private final String name;
    private final Clock clock;
    private long lastSeen;
    private int passes;

    /** {@code clock} stamps lastUpdateTime; the lab passes one that ticks a second per pass. */
    public NaiveStatusController(DeploymentClient deployments, String name, Clock clock) {
        this.deployments = deployments;
        this.name = name;
        this.clock = clock;
    }

    // tag::naive-controller[]
    /** One pass: any new resourceVersion is "a change", and every reconcile writes status. */
    public Pass poll() {
        passes++;
        ObjectNode deployment = deployments.get(name);
        long seen = DeploymentStatus.resourceVersion(deployment);
        long generation = DeploymentStatus.generation(deployment);
        long observed = DeploymentStatus.observedGeneration(deployment);
        if (seen == lastSeen) {
            return new Pass(passes, seen, generation, observed, false, false, seen);
        }
        lastSeen = seen; // the version it reacted to, not the one its own write is about to make
        ObjectNode status = DeploymentStatus.desired(deployment);
        status.putArray("conditions").addObject()
                .put("type", "Progressing")
                .put("status", "True")
                .put("lastUpdateTime", now()); // different on every pass: the write is never a no-op
        ObjectNode written = deployments.patchStatus(name, status);
        long after = DeploymentStatus.resourceVersion(written);
        return new Pass(passes, seen, generation, observed, true, after != seen, after);
    }
    // end::naive-controller[]

    private String now() {
        return DateTimeFormatter.ISO_INSTANT.format(clock.instant().truncatedTo(ChronoUnit.SECONDS));
    }
}
