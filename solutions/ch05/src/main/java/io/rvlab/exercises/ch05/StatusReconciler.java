package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.api.RetryOnConflict;
import io.rvlab.ch03.controller.DeploymentStatus;
import io.rvlab.ch05.cache.Indexer;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.controller.Reconciler;
import java.util.Optional;

/**
 * <b>Exercise 5.4: the status controller's reconcile, and its loop guard.</b>  Reference answer.
 *
 * <p>A Deployment status controller answers every spec it has not answered yet: it writes the status
 * that answers the Deployment's spec ({@link DeploymentStatus#desired}, given) through the {@code
 * /status} subresource, with {@code status.observedGeneration = metadata.generation}: "I have seen
 * this spec". The API server bumps {@code metadata.generation} when the spec changes, never for a
 * write through {@code /status}, never for labels or annotations.
 *
 * <p>It runs inside the course's {@code Controller}: an informer's events put keys in a work queue,
 * workers call {@link #reconcile} with a key, never with an event, so it must work from the object's
 * state as the informer's cache ({@code cache}) holds it now. What it must guarantee:
 * <ul>
 *   <li><b>Quiet when there is nothing to do.</b> Its own write comes back to it through the informer
 *       as an update event, and so does every label change. Answering those with another write is a
 *       controller talking to itself forever, one new resourceVersion in etcd each time. Decide from
 *       the object alone (a memory of "I wrote last time" is wrong after a restart or with two
 *       replicas): a Deployment whose spec is already answered costs no request at all, and one that
 *       is gone from the cache neither. A new Deployment has generation 1 and no status yet.</li>
 *   <li><b>Reads the cache.</b> With a fresh cache, no GET before its write: reading the API server on
 *       every reconcile is the load an informer exists to take away.</li>
 *   <li><b>Never a stale answer.</b> The cache may be behind the server: never let a write based on
 *       an older spec land on a newer one.</li>
 *   <li><b>Converges.</b> When a write loses a race with a spec change, the newest generation still
 *       gets answered: by this call, or by a retry (an exception sends the key back to the queue).</li>
 * </ul>
 *
 * <p>Grade it with {@code ./course grade 5 --exercise 5.4}; the specification is {@code
 * StatusReconcilerTest}, whose last test runs your reconcile in the course's controller against a real
 * API server, changes specs and labels, and counts the status writes.
 */
public final class StatusReconciler implements Reconciler {

    private final RestClient client;
    private final Indexer cache;

    /** @param client writes to the API server; @param cache the informer's store of Deployments */
    public StatusReconciler(RestClient client, Indexer cache) {
        this.client = client;
        this.cache = cache;
    }

    // tag::solution[]
    @Override
    public void reconcile(String key) throws Exception {
        Optional<ObjectNode> cached = cache.getByKey(key);
        if (cached.isEmpty() || answered(cached.get())) {
            return; // gone, or this generation is answered already (our own write comes back here)
        }
        String path = "/apis/apps/v1/namespaces/" + key.substring(0, key.indexOf('/')) + "/deployments/"
                + key.substring(key.indexOf('/') + 1);
        boolean[] first = {true};
        RetryOnConflict.run(RetryOnConflict.DEFAULT_BACKOFF, () -> {
            ObjectNode current = first[0] ? cached.get() : client.get(path); // after a 409: the server's present
            first[0] = false;
            if (answered(current)) {
                return null;
            }
            ObjectNode update = current.deepCopy(); // keeps metadata.resourceVersion: a conditional PUT
            update.set("status", DeploymentStatus.desired(current));
            return client.updateStatus(path, update);
        });
    }

    /** The guard: this spec (generation) was answered already. A missing status has observed nothing (0). */
    private static boolean answered(ObjectNode deployment) {
        return deployment.path("metadata").path("generation").asLong()
                == deployment.path("status").path("observedGeneration").asLong(0);
    }
    // end::solution[]
}
