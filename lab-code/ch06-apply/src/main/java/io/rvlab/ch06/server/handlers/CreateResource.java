package io.rvlab.ch06.server.handlers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.handlers.VerbHandler;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.server.handlers.WriteOptions;
import io.rvlab.ch06.registry.ApplyRegistryStore;

/**
 * Chapter 3's create, recording its manager: {@code ?fieldManager=}, or else the client's User-Agent
 * up to its first '/' (k8s.io/apiserver pkg/endpoints/handlers/create.go, managerOrUserAgent).
 */
public final class CreateResource implements VerbHandler {

    private final ApplyRegistryStore store;

    public CreateResource(ApplyRegistryStore store) {
        this.store = store;
    }

    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        Directive validation = WriteOptions.fieldValidation(request, "CreateOptions");
        String manager = RequestManager.of(request, "CreateOptions");
        ObjectNode body = WriteOptions.object(request);
        return ApiResponse.created(store.create(path.namespace(), body, validation, manager));
    }
}
