package io.rvlab.ch03.server.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.handlers.DryRun;
import io.rvlab.ch02.server.handlers.VerbHandler;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.wire.gojson.GoJsonSyntax;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * DELETE of one object, with an optional DeleteOptions body (preconditions)
 * (k8s.io/apiserver pkg/endpoints/handlers/delete.go, DeleteResource). No deletecollection here.
 */
public final class DeleteResource implements VerbHandler {

    private final UpdatingRegistryStore store;

    public DeleteResource(UpdatingRegistryStore store) {
        this.store = store;
    }

    // tag::delete[]
    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        ObjectNode options = deleteOptions(request);
        DryRun.reject(request);
        rejectDryRun(options);
        return ApiResponse.ok(store.delete(path.namespace(), path.name(), options));
    }
    // end::delete[]

    /**
     * kubectl sends a server-side dry run of a delete in the DeleteOptions body ({"dryRun":["All"]}),
     * not in the query: refused like the query's, or the "dry run" would delete (an empty list is no
     * dry run).
     */
    private static void rejectDryRun(ObjectNode options) {
        JsonNode dryRun = options == null ? null : options.get("dryRun");
        if (dryRun != null && !dryRun.isNull() && !(dryRun.isArray() && dryRun.isEmpty())) {
            throw Status.badRequest("dryRun is not supported by this server").exception();
        }
    }

    /** A DELETE's body is optional; if present it is a DeleteOptions, in JSON. */
    private static ObjectNode deleteOptions(ApiRequest request) {
        byte[] body = request.rawBody();
        if (new String(body, StandardCharsets.UTF_8).isBlank()) {
            return null;
        }
        String mediaType = request.header("Content-Type").split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (!mediaType.isEmpty() && !mediaType.equals("application/json")) {
            throw Status.unsupportedMediaType(List.of("application/json")).exception();
        }
        JsonNode options = parse(body);
        if (!(options instanceof ObjectNode object)) {
            throw Status.badRequest("the body of a delete must be a DeleteOptions object").exception();
        }
        return object;
    }

    private static JsonNode parse(byte[] body) {
        Optional<String> syntaxError = GoJsonSyntax.check(body);
        if (syntaxError.isPresent()) {
            throw Status.badRequest("error decoding body: " + syntaxError.get()).exception();
        }
        try {
            return GoJson.read(body);
        } catch (IOException e) {
            throw Status.badRequest("error decoding body: " + e.getMessage()).exception();
        }
    }
}
