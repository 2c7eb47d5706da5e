package io.rvlab.ch05.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.api.RetryOnConflict;
import io.rvlab.ch03.controller.DeploymentStatus;
import io.rvlab.ch05.cache.Indexer;
import io.rvlab.ch05.cache.Indexers;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestClient;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Chapter 3's observed-generation controller on an informer: for each apps/v1 Deployment whose
 * {@code metadata.generation} differs from {@code status.observedGeneration} (a spec it has not
 * answered yet), it writes the status answering that spec through the /status subresource, with
 * {@code observedGeneration = generation}. The write changes the status only, so the generation
 * stays, and the update event it causes reconciles to nothing: the generation check is the loop
 * guard. A label or annotation change does not bump the generation and wakes nothing either.
 *
 * <p>The PUT carries the resourceVersion it decided on; on a 409 (the spec changed meanwhile),
 * {@link RetryOnConflict} reads afresh and answers the newer generation.
 */
public final class DeploymentStatusController implements Reconciler {

    // tag::generation-guard[]
    /** The guard: a spec (generation) this controller has not answered yet. */
    public static final LoopGuard GENERATION_NOT_OBSERVED = deployment ->
            deployment.path("metadata").path("generation").asLong()
                    != deployment.path("status").path("observedGeneration").asLong(0);
    // end::generation-guard[]

    private final RestClient client;
    private final Indexer cache;
    private final LoopGuard guard;
    private final AtomicInteger writes = new AtomicInteger();

    public DeploymentStatusController(RestClient client, Indexer cache) {
        this(client, cache, GENERATION_NOT_OBSERVED);
    }

    public DeploymentStatusController(RestClient client, Indexer cache, LoopGuard guard) {
        this.client = client;
        this.cache = cache;
        this.guard = guard;
    }

    /** An informer on {@code namespace}'s Deployments (all namespaces if null) and this controller on it, started. */
    public static Controller start(RestClient client, String namespace, int workers) {
        String collection = namespace == null ? "/apis/apps/v1/deployments"
                : "/apis/apps/v1/namespaces/" + namespace + "/deployments";
        SharedInformer informer = new SharedInformer("deployments-" + namespace,
                new ResourceListerWatcher(client.config(), collection), ReflectorOptions.CLIENT_GO,
                Map.of(Indexers.NAMESPACE, Indexers.byNamespace()));
        return Controller.run("deployment-status-" + namespace, informer,
                new DeploymentStatusController(client, informer.indexer()), workers);
    }

    // tag::status-reconcile[]
    @Override
    public void reconcile(String key) {
        Optional<ObjectNode> cached = cache.getByKey(key);
        if (cached.isEmpty() || !guard.needsWrite(cached.get())) {
            return; // gone, or this generation is answered already (our own write comes back here)
        }
        String path = ObjectPaths.of("/apis/apps/v1", "deployments", key);
        boolean[] first = {true};
        RetryOnConflict.run(RetryOnConflict.DEFAULT_BACKOFF, () -> {
            ObjectNode current = first[0] ? cached.get() : client.get(path);
            first[0] = false;
            if (!guard.needsWrite(current)) {
                return null;
            }
            ObjectNode update = current.deepCopy(); // keeps metadata.resourceVersion: a conditional PUT
            update.set("status", DeploymentStatus.desired(current)); // observedGeneration := generation
            ObjectNode written = client.updateStatus(path, update);
            writes.incrementAndGet();
            return written;
        });
    }
    // end::status-reconcile[]

    /** Status writes this controller has made. */
    public int writes() {
        return writes.get();
    }
}
