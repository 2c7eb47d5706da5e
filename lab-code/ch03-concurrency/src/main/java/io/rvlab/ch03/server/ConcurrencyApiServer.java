package io.rvlab.ch03.server;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.NamespaceBootstrap;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.server.JsonResponses;
import io.rvlab.ch02.server.ResourceHandler;
import io.rvlab.ch02.server.ResponseStream;
import io.rvlab.ch02.server.handlers.Verb;
import io.rvlab.ch03.server.handlers.CreateResource;
import io.rvlab.ch03.server.handlers.DeleteResource;
import io.rvlab.ch03.server.handlers.PatchResource;
import io.rvlab.ch03.server.handlers.UpdateResource;
import io.rvlab.ch03.registry.ServedTypes;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import io.rvlab.ch03.storage.UpdatableStorage;
import io.rvlab.ch03.wire.openapi.OpenApiV2;
import io.rvlab.ch03.wire.openapi.OpenApiV3;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;

/**
 * Chapter 2's {@link ApiServer}, serving resources that also update, patch and delete, one custom
 * resource besides chapter 2's kinds ({@link ServedTypes}), and the OpenAPI documents kubectl reads
 * before it creates or replaces from a file.
 */
public class ConcurrencyApiServer extends ApiServer {

    private volatile OpenApiV3 openApi;

    /** Serves {@code handlers}; chapter 4 passes tables that also watch. */
    protected ConcurrencyApiServer(List<ResourceHandler> handlers, InetSocketAddress address) {
        super(handlers, address);
        this.openApi = new OpenApiV3(handlers);
    }

    // tag::start[]
    public static ConcurrencyApiServer start(UpdatableStorage storage, String bindAddress, int port) {
        List<ResourceHandler> handlers = ServedTypes.ALL.stream()
                .map(type -> resourceHandler(new UpdatingRegistryStore(type, storage)))
                .toList();
        NamespaceBootstrap.ensure(new UpdatingRegistryStore(ResourceTypes.NAMESPACES, storage),
                NamespaceBootstrap.SYSTEM_NAMESPACES);
        return new ConcurrencyApiServer(handlers, new InetSocketAddress(bindAddress, port));
    }
    // end::start[]

    // tag::verbs[]
    /**
     * Chapter 2's verbs of {@code store}'s resource, with this chapter's writes registered: create with
     * {@code fieldValidation}, and PUT, PATCH and DELETE (on an object; PUT and PATCH on its /status too).
     */
    public static ResourceHandler resourceHandler(UpdatingRegistryStore store) {
        return ResourceHandler.of(store)
                .with(Verb.CREATE, new CreateResource(store))
                .with(Verb.UPDATE, new UpdateResource(store))
                .with(Verb.PATCH, new PatchResource(store))
                .with(Verb.DELETE, new DeleteResource(store));
    }
    // end::verbs[]

    /** {@code /openapi/v3} and its documents, {@code /openapi/v2}; everything else outside the API is still a 404. */
    @Override
    protected void otherPath(ResponseStream response, ApiRequest request) {
        OpenApiV3 documents = openApi; // null only while the constructor has not finished
        List<String> segments = request.segments();
        if (documents == null || !segments.get(0).equals("openapi") || segments.size() < 2) {
            super.otherPath(response, request);
            return;
        }
        if (!request.method().equals("GET")) {
            throw Status.methodNotAllowed().exception();
        }
        if (segments.equals(List.of("openapi", "v2"))) {
            if (OpenApiV2.wantsProtobuf(request.header("Accept"))) {
                response.send(200, Map.of("Content-Type", OpenApiV2.PROTOBUF), OpenApiV2.protobuf());
            } else {
                JsonResponses.send(response, 200, OpenApiV2.json(), request.pretty());
            }
            return;
        }
        JsonResponses.send(response, 200, documents.answer(segments), request.pretty());
    }
}
