package io.rvlab.ch02.server.handlers;

import io.rvlab.ch02.api.ListOptionsValidation;
import io.rvlab.ch02.api.Selection;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.RegistryStore;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.storage.ListOptions;
import io.rvlab.ch02.storage.ResourceVersionMatch;

/**
 * GET of a collection without {@code watch} (k8s.io/apiserver pkg/endpoints/handlers/get.go,
 * ListResource): reads the list options, checks them as Kubernetes does, and lists from the store.
 */
public final class ListResource implements VerbHandler {

    private final RegistryStore store;

    public ListResource(RegistryStore store) {
        this.store = store;
    }

    // tag::list-handler[]
    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        String resourceVersion = request.param("resourceVersion");
        String match = request.param("resourceVersionMatch");
        String continueToken = request.param("continue");
        ListOptionsValidation.check(resourceVersion, match, continueToken, request.hasParam("sendInitialEvents"));
        ListOptions options = new ListOptions(resourceVersion, ResourceVersionMatch.fromWire(match).orElseThrow(),
                limit(request.param("limit")), continueToken,
                Selection.parse(request.param("labelSelector"), request.param("fieldSelector")));
        return ApiResponse.ok(store.list(path.namespace(), options));
    }
    // end::list-handler[]

    private static long limit(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw Status.badRequest("invalid value for limit " + GoJson.quote(text)
                    + ": strconv.ParseInt: parsing " + GoJson.quote(text) + ": invalid syntax").exception();
        }
    }
}
