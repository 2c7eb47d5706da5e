package io.rvlab.ch02.server.handlers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.RegistryStore;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;

/** POST to a namespace's collection, or to a cluster-scoped one: 201 Created (k8s.io/apiserver pkg/endpoints/handlers/create.go). */
public final class CreateResource implements VerbHandler {

    private final RegistryStore store;

    public CreateResource(RegistryStore store) {
        this.store = store;
    }

    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        ObjectNode body = request.jsonBody();
        DryRun.reject(request);
        return ApiResponse.created(store.create(path.namespace(), body));
    }
}
