package io.rvlab.ch05.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.api.RetryOnConflict;
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
 * Every ConfigMap carrying the label {@code labelKey} also carries the annotation
 * {@code annotationKey=annotationValue} (the "inject a label or annotation" controller). It patches
 * only a ConfigMap whose annotation is missing or different, so it is idempotent and its own patch,
 * coming back as an update event, reconciles to nothing. A ConfigMap that loses the label is left
 * alone (the annotation stays: removing it would need to know that this controller put it there).
 *
 * <p>The patch carries the resourceVersion the decision was made on, so it applies only to the
 * state that was checked; on a conflict, {@link RetryOnConflict} reads afresh and decides again
 * (perhaps that nothing is left to do).
 */
public final class AnnotationController implements Reconciler {

    private final RestClient client;
    private final Indexer cache;
    private final String labelKey;
    private final String annotationKey;
    private final String annotationValue;
    private final LoopGuard guard;
    private final AtomicInteger writes = new AtomicInteger();

    public AnnotationController(RestClient client, Indexer cache, String labelKey, String annotationKey,
            String annotationValue) {
        this(client, cache, labelKey, annotationKey, annotationValue, annotationMissing(annotationKey, annotationValue));
    }

    /** With another guard, such as {@link LoopGuard#ALWAYS} for the lab's naive version. */
    public AnnotationController(RestClient client, Indexer cache, String labelKey, String annotationKey,
            String annotationValue, LoopGuard guard) {
        this.client = client;
        this.cache = cache;
        this.labelKey = labelKey;
        this.annotationKey = annotationKey;
        this.annotationValue = annotationValue;
        this.guard = guard;
    }

    /**
     * An informer on {@code namespace}'s ConfigMaps and this controller on it, started, with
     * {@code workers} workers; closing the controller closes the informer.
     */
    public static Controller start(RestClient client, String namespace, String labelKey, String annotationKey,
            String annotationValue, int workers) {
        SharedInformer informer = new SharedInformer("configmaps-" + namespace,
                new ResourceListerWatcher(client.config(), "/api/v1/namespaces/" + namespace + "/configmaps"),
                ReflectorOptions.CLIENT_GO, Map.of(Indexers.NAMESPACE, Indexers.byNamespace()));
        AnnotationController reconciler = new AnnotationController(client, informer.indexer(), labelKey,
                annotationKey, annotationValue);
        return Controller.run("annotate-" + namespace, informer, reconciler, workers);
    }

    // tag::annotation-guard[]
    /** The guard: the annotation is missing or has another value. */
    public static LoopGuard annotationMissing(String annotationKey, String annotationValue) {
        return object -> !annotationValue.equals(
                object.path("metadata").path("annotations").path(annotationKey).asText(null));
    }
    // end::annotation-guard[]

    // tag::annotation-reconcile[]
    @Override
    public void reconcile(String key) {
        Optional<ObjectNode> cached = cache.getByKey(key);
        if (cached.isEmpty() || !selected(cached.get()) || !guard.needsWrite(cached.get())) {
            return; // gone, not ours, or already right: nothing to write
        }
        String path = ObjectPaths.of("/api/v1", "configmaps", key);
        boolean[] first = {true};
        RetryOnConflict.run(RetryOnConflict.DEFAULT_BACKOFF, () -> {
            // first attempt on the cached copy; after a conflict, on what the server has now
            ObjectNode current = first[0] ? cached.get() : client.get(path);
            first[0] = false;
            if (!selected(current) || !guard.needsWrite(current)) {
                return null; // someone else did it, or the label went away
            }
            ObjectNode patch = JsonNodeFactory.instance.objectNode();
            ObjectNode metadata = patch.putObject("metadata");
            metadata.put("resourceVersion", current.path("metadata").path("resourceVersion").asText());
            metadata.putObject("annotations").put(annotationKey, annotationValue);
            ObjectNode written = client.patch(path, patch); // 409 if it changed since we looked
            writes.incrementAndGet();
            return written;
        });
    }
    // end::annotation-reconcile[]

    private boolean selected(JsonNode configMap) {
        return configMap.path("metadata").path("labels").has(labelKey);
    }

    /** Patches this controller has made. */
    public int writes() {
        return writes.get();
    }
}
