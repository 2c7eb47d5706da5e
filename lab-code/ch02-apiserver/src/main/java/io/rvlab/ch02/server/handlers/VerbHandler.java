package io.rvlab.ch02.server.handlers;

import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;

/**
 * The code that serves one verb of one resource, as each of apiserver's handlers does
 * (k8s.io/apiserver pkg/endpoints/handlers: get.go, create.go, update.go, patch.go, delete.go,
 * watch.go). The resource's {@link io.rvlab.ch02.server.ResourceHandler} has already checked the
 * path's shape and that the verb is routed there.
 */
@FunctionalInterface
public interface VerbHandler {

    /**
     * Serves one request: the object, the list, or (a watch) {@link ApiResponse#stream a stream} that
     * takes the response over. A problem is thrown as a Status exception, before anything is sent.
     */
    ApiResponse handle(ApiRequest request, ResourcePath path);
}
