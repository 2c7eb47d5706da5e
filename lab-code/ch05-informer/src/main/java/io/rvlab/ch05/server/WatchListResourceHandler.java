package io.rvlab.ch05.server;

import io.rvlab.ch02.api.FieldError;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import io.rvlab.ch04.cache.WatchSource;
import io.rvlab.ch04.server.WatchingResourceHandler;
import java.util.List;

/**
 * Chapter 4's handler with the watch rules of current Kubernetes (the WatchList feature gate on):
 * {@code resourceVersionMatch=NotOlderThan} is allowed on a watch, together with
 * {@code sendInitialEvents}, and checked after the defaulting {@link WatchListRequest} describes.
 * Lists are unchanged: {@code sendInitialEvents} on a list is still 422 "forbidden for list".
 */
public class WatchListResourceHandler extends WatchingResourceHandler {

    public WatchListResourceHandler(UpdatingRegistryStore store, WatchSource watches) {
        super(store, watches);
    }

    /** Kubernetes 1.26 forbade any resourceVersionMatch on a watch; current Kubernetes checks these rules. */
    @Override
    protected List<FieldError> watchVersionErrors(ApiRequest request) {
        return WatchListRequest.of(request).errors();
    }
}
