package io.rvlab.ch05.server;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch04.cache.EventFeed;
import io.rvlab.ch04.cache.WatchOptions;
import io.rvlab.ch04.cache.WatchSource;
import io.rvlab.ch04.server.handlers.WatchResource;

/**
 * Where this chapter's watches get their events: chapter 4's {@link WatchResource} is given this
 * start in place of its own, and the rules of {@link WatchListRequest} in place of Kubernetes 1.26's,
 * so its options are still checked (422, 400) before any stream begins.
 */
final class WatchListStart implements WatchResource.Start {

    private final ResourceType type;
    private final WatchSource watches;
    private final WatchListStarter starter;

    WatchListStart(ResourceType type, WatchSource watches, WatchListStarter starter) {
        this.type = type;
        this.watches = watches;
        this.starter = starter;
    }

    // tag::start-watch[]
    /**
     * A watch that names sendInitialEvents (or is defaulted to it) starts as {@link WatchListStarter}
     * says; a watch from N, without it, is chapter 4's. Its options have been checked already, so a
     * mistake was a 422 before any stream began.
     */
    @Override
    public EventFeed start(ApiRequest request, WatchOptions options) {
        WatchListRequest watchList = WatchListRequest.of(request);
        if (watchList.sendInitialEvents() == null) {
            return watches.watch(options);
        }
        try {
            return starter.start(watches, type, options, watchList);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Status.internalError("interrupted while starting a watch").exception();
        }
    }
    // end::start-watch[]
}
