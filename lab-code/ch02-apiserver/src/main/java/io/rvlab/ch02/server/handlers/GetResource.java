package io.rvlab.ch02.server.handlers;

import io.rvlab.ch02.registry.RegistryStore;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.storage.GetOptions;

/** GET of one object or its /status (k8s.io/apiserver pkg/endpoints/handlers/get.go, GetResource). */
public final class GetResource implements VerbHandler {

    private final RegistryStore store;

    public GetResource(RegistryStore store) {
        this.store = store;
    }

    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        // A single GET takes a resourceVersion; resourceVersionMatch is silently ignored (as in Kubernetes).
        GetOptions options = new GetOptions(request.param("resourceVersion"));
        return ApiResponse.ok(store.get(path.namespace(), path.name(), options));
    }
}
