package io.rvlab.ch05.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.WatchListOptions;
import java.io.IOException;

/**
 * Two API servers behind one load balancer, as an HA control plane serves a client: here, every LIST
 * lands on one replica and every watch on the other, so which replica answers is not left to chance.
 * A reflector must be correct whichever replica answers; one that trusts "any" freshness is not.
 */
public record TwoReplicas(ListerWatcher lists, ListerWatcher watches) implements ListerWatcher {

    @Override
    public ObjectNode list(ListOptions options) throws IOException {
        return lists.list(options);
    }

    @Override
    public StreamWatcher watch(WatchListOptions options) throws IOException {
        return watches.watch(options);
    }
}
