package io.rvlab.ch03.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourceHandler;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.storage.GoJson;
import io.rvlab.ch02.storage.GoJsonSyntax;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Chapter 2's {@link ResourceHandler} with the writes of chapter 3: PUT, PATCH (JSON merge patch)
 * and DELETE on an object, PUT and PATCH on its /status.
 */
public class UpdatingResourceHandler extends ResourceHandler {

    public static final String MERGE_PATCH = "application/merge-patch+json";

    private final UpdatingRegistryStore store;

    public UpdatingResourceHandler(UpdatingRegistryStore store) {
        super(store);
        this.store = store;
    }

    @Override
    public List<String> verbs() {
        return List.of("create", "delete", "get", "list", "patch", "update");
    }

    @Override
    public List<String> statusVerbs() {
        return List.of("get", "patch", "update");
    }

    // tag::other-verb[]
    @Override
    protected ApiResponse otherVerb(ApiRequest request, ResourcePath path) {
        if (path.isCollection()) {
            throw Status.methodNotAllowed().exception(); // no deletecollection in this chapter
        }
        boolean status = path.subresource().equals("status");
        if (request.hasParam("dryRun")) {
            throw Status.badRequest("dryRun is not supported by this server").exception();
        }
        return switch (request.method()) {
            case "PUT" -> ApiResponse.ok(store.update(path.namespace(), path.name(), request.jsonBody(), status));
            case "PATCH" -> ApiResponse.ok(store.patch(path.namespace(), path.name(), patchBody(request), status));
            case "DELETE" -> {
                if (status) {
                    throw Status.methodNotAllowed().exception();
                }
                yield ApiResponse.ok(store.delete(path.namespace(), path.name(), deleteOptions(request)));
            }
            default -> throw Status.methodNotAllowed().exception();
        };
    }
    // end::other-verb[]

    private static JsonNode patchBody(ApiRequest request) {
        String mediaType = request.header("Content-Type").split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (!mediaType.equals(MERGE_PATCH)) {
            throw Status.unsupportedMediaType(List.of(MERGE_PATCH)).exception();
        }
        return parse(request.rawBody());
    }

    /** A DELETE's body is optional; if present it is a DeleteOptions. */
    private static ObjectNode deleteOptions(ApiRequest request) {
        byte[] body = request.rawBody();
        if (new String(body, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
            return null;
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
