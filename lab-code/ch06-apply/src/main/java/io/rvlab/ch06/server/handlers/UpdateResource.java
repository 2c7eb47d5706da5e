package io.rvlab.ch06.server.handlers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.handlers.VerbHandler;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.server.handlers.WriteOptions;
import io.rvlab.ch06.registry.ApplyRegistryStore;

/** Chapter 3's PUT, recording its manager (k8s.io/apiserver pkg/endpoints/handlers/update.go). */
public final class UpdateResource implements VerbHandler {

    private final ApplyRegistryStore store;

    public UpdateResource(ApplyRegistryStore store) {
        this.store = store;
    }

    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        Directive validation = WriteOptions.fieldValidation(request, "UpdateOptions");
        String manager = RequestManager.of(request, "UpdateOptions");
        ObjectNode body = WriteOptions.object(request);
        boolean status = path.subresource().equals("status");
        return ApiResponse.ok(store.update(path.namespace(), path.name(), body, status, validation, manager));
    }
}
