package io.rvlab.ch05.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.cache.ForwardingStore;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.Store;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Bug lab: resync implemented as a relist. Resync (client-go's resyncPeriod) re-delivers what the
 * informer already has to its handlers, as updates whose old and new objects are the same, so a
 * controller gets a periodic chance to reconcile everything; it asks the server nothing. Mistaking it
 * for a relist makes every informer LIST the whole collection every period, the load the watch was
 * invented to avoid, and hides missed events instead of surfacing them. The reflector calls
 * {@link Store#resync()} on its timer; this store (between the reflector and the real queue, every
 * other call handed on to it) answers with a LIST and a replace. The checker reports RESYNC_LISTED.
 */
// tag::resync-as-relist[]
public final class ResyncAsRelist extends ForwardingStore {

    private final Store queue;
    private final ListerWatcher server;

    public ResyncAsRelist(Store queue, ListerWatcher server) {
        super(queue);
        this.queue = queue;
        this.server = server;
    }

    @Override
    public void resync() {
        try {
            ObjectNode list = server.list(ListOptions.resourceVersion("")); // BUG: a resync is not a LIST
            List<ObjectNode> items = new ArrayList<>();
            for (JsonNode item : list.path("items")) {
                items.add((ObjectNode) item);
            }
            queue.replace(items, list.path("metadata").path("resourceVersion").asText());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
    // end::resync-as-relist[]
}
