package io.rvlab.ch03.server.handlers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.handlers.VerbHandler;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.registry.UpdatingRegistryStore;

/** PUT of an object or of its /status (k8s.io/apiserver pkg/endpoints/handlers/update.go, UpdateResource). */
public final class UpdateResource implements VerbHandler {

    private final UpdatingRegistryStore store;

    public UpdateResource(UpdatingRegistryStore store) {
        this.store = store;
    }

    // tag::update[]
    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        Directive validation = WriteOptions.fieldValidation(request, "UpdateOptions");
        ObjectNode body = WriteOptions.object(request);
        boolean status = path.subresource().equals("status");
        return ApiResponse.ok(store.update(path.namespace(), path.name(), body, status, validation));
    }
    // end::update[]
}
