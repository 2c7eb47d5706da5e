package io.rvlab.ch05.controller;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.controller.DeploymentStatus;
import io.rvlab.ch05.cache.Indexer;
import io.rvlab.ch05.client.RestClient;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The controller not to write, now on an informer: it has no loop guard ({@link LoopGuard#ALWAYS}),
 * so it answers every event for a Deployment with a status write, and its status stamps a
 * condition's {@code lastUpdateTime}, so no write is ever a no-op. Each write is an update event,
 * which it answers with a write: it keeps itself busy forever, with nobody changing anything.
 *
 * <p>(Without the timestamp, the server would turn the repeated identical status into a no-op
 * that keeps the resourceVersion, and the loop would stop by luck; chapter 3's
 * {@code NaiveStatusController} shows the same with polling.) The clock here ticks one second per
 * write, so the output is the same on every run.
 */
public final class NaiveLoopingController implements Reconciler {

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    private final RestClient client;
    private final Indexer cache;
    private final LoopGuard guard = LoopGuard.ALWAYS;
    private final AtomicInteger writes = new AtomicInteger();

    public NaiveLoopingController(RestClient client, Indexer cache) {
        this.client = client;
        this.cache = cache;
    }

    // tag::naive-loop[]
    @Override
    public void reconcile(String key) {
        Optional<ObjectNode> cached = cache.getByKey(key);
        if (cached.isEmpty() || !guard.needsWrite(cached.get())) { // ALWAYS: never skips
            return;
        }
        ObjectNode status = DeploymentStatus.desired(cached.get());
        status.putArray("conditions").addObject()
                .put("type", "Progressing")
                .put("status", "True")
                .put("lastUpdateTime", START.plusSeconds(writes.get()).toString()); // new on every pass
        ObjectNode patch = JsonNodeFactory.instance.objectNode();
        patch.set("status", status);
        client.patchStatus(ObjectPaths.of("/apis/apps/v1", "deployments", key), patch);
        writes.incrementAndGet(); // ...and the write's own update event brings it back here
    }
    // end::naive-loop[]

    public int writes() {
        return writes.get();
    }
}
