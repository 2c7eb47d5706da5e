package io.rvlab.ch03.server.handlers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.handlers.VerbHandler;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.registry.UpdatingRegistryStore;

/** Chapter 2's create plus the {@code fieldValidation} parameter kubectl sends (k8s.io/apiserver pkg/endpoints/handlers/create.go). */
public final class CreateResource implements VerbHandler {

    private final UpdatingRegistryStore store;

    public CreateResource(UpdatingRegistryStore store) {
        this.store = store;
    }

    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        Directive validation = WriteOptions.fieldValidation(request, "CreateOptions");
        ObjectNode body = WriteOptions.object(request);
        return ApiResponse.created(store.create(path.namespace(), body, validation));
    }
}
