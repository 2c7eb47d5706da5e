package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.controller.DeploymentStatus;
import io.rvlab.ch05.cache.Indexer;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.controller.Reconciler;

/**
 * <b>Exercise 5.4: the status controller's reconcile, and its loop guard.</b>
 *
 * <p>A Deployment status controller owns {@code status}: the status a Deployment should have is the given
 * {@code io.rvlab.ch03.controller.DeploymentStatus#desired} of it, whose {@code observedGeneration} names
 * the spec ({@code metadata.generation}) it answers. It writes through the {@code /status} subresource
 * with the given {@code io.rvlab.ch05.client.RestClient}. The API server bumps {@code metadata.generation}
 * when the spec changes, never for a {@code /status} write, never for labels or annotations.
 *
 * <p>It runs inside the course's {@code Controller}: informer events put keys in a work queue, workers call
 * {@link #reconcile} with a key, never with an event, so it works from the object as the informer's cache
 * ({@code cache}, an {@code io.rvlab.ch05.cache.Indexer}) holds it now. What it must guarantee:
 * <ul>
 *   <li><b>Right.</b> Whatever brought the key (a new spec, or someone else, a person with {@code kubectl
 *       edit --subresource=status} or another controller, writing another status at the same generation),
 *       the Deployment ends up with the status its spec calls for.</li>
 *   <li><b>Quiet.</b> Its own write and every label change come back to it as update events. A Deployment
 *       with nothing to do costs no request at all, and one gone from the cache neither. Decide from the
 *       object alone: a memory of "I wrote last time" is wrong after a restart or with two replicas.</li>
 *   <li><b>Reads the cache.</b> With a fresh cache, no GET before its write.</li>
 *   <li><b>Never a stale answer.</b> The cache may be behind the server: never let a status computed from an
 *       older spec land on a newer one. When a write loses that race, the newest spec still gets its status,
 *       by this call or by a retry (an exception sends the key back to the queue); the given {@code
 *       io.rvlab.ch03.api.RetryOnConflict} may help.</li>
 * </ul>
 * Refused: handing the key to the chapter's {@code io.rvlab.ch05.controller.DeploymentStatusController} (a
 * test reads your class file). Grade it with {@code ./course grade 5 --exercise 5.4}; the specification is
 * {@code StatusReconcilerTest}, whose last test runs your reconcile in the course's controller against a
 * real API server, changes specs, labels and statuses, and counts the status writes.
 */
public final class StatusReconciler implements Reconciler {

    private final RestClient client;
    private final Indexer cache;

    /** @param client writes to the API server; @param cache the informer's store of Deployments */
    public StatusReconciler(RestClient client, Indexer cache) {
        this.client = client;
        this.cache = cache;
    }

    // tag::signature[]
    /** @param key the Deployment's "namespace/name" */
    @Override
    public void reconcile(String key) throws Exception {
        throw new UnsupportedOperationException("TODO exercise 5.4");
    }
    // end::signature[]
}
