package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.api.RetryOnConflict;
import io.rvlab.ch03.controller.DeploymentStatus;
import io.rvlab.ch05.cache.Indexer;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.controller.Reconciler;
import java.util.Comparator;
import java.util.Optional;

/**
 * <b>Exercise 5.4: the status controller's reconcile, and its loop guard.</b>  Reference answer.
 *
 * <p>Like Kubernetes' Deployment controller (pkg/controller/deployment/sync.go, {@code
 * syncDeploymentStatus}), it computes the whole status the object should have and writes it only
 * when it differs from the status the object has: that one comparison answers a new spec (the
 * computed observedGeneration is the new generation), repairs a status someone else changed at the
 * same generation, and stays quiet for its own write coming back and for label changes, since the
 * computed status equals the one it wrote. The chapter's controller compares generations only, so it
 * would never repair such a status.
 *
 * <p>The write is conditional (it keeps the object's resourceVersion), so an answer computed from a
 * stale cache gets 409 Conflict; after one it decides again from the server's present.
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
        if (cached.isEmpty() || upToDate(cached.get())) {
            return; // gone, or its status already says what it should (our own write comes back here)
        }
        String path = "/apis/apps/v1/namespaces/" + key.substring(0, key.indexOf('/')) + "/deployments/"
                + key.substring(key.indexOf('/') + 1);
        boolean[] first = {true};
        RetryOnConflict.run(RetryOnConflict.DEFAULT_BACKOFF, () -> {
            ObjectNode current = first[0] ? cached.get() : client.get(path); // after a 409: the server's present
            first[0] = false;
            if (upToDate(current)) {
                return null;
            }
            ObjectNode update = current.deepCopy(); // keeps metadata.resourceVersion: a conditional PUT
            update.set("status", DeploymentStatus.desired(current));
            return client.updateStatus(path, update);
        });
    }

    /**
     * The guard, as the Deployment controller's reflect.DeepEqual(d.Status, newStatus): the status is
     * the one this spec calls for, by value (a number the server sent back parses as an int node,
     * DeploymentStatus.desired puts a long one, and JsonNode.equals tells those apart).
     */
    private static boolean upToDate(ObjectNode deployment) {
        return deployment.path("status").equals(BY_VALUE, DeploymentStatus.desired(deployment));
    }

    private static final Comparator<JsonNode> BY_VALUE = (a, b) ->
            a.equals(b) || a.isNumber() && b.isNumber() && a.decimalValue().compareTo(b.decimalValue()) == 0 ? 0 : 1;
    // end::solution[]
}
