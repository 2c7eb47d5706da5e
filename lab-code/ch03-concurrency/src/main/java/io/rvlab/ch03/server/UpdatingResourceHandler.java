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
import io.rvlab.ch03.api.Definitions;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.registry.JsonPatch;
import io.rvlab.ch03.registry.MergePatch;
import io.rvlab.ch03.registry.Patch;
import io.rvlab.ch03.registry.StrategicMergePatch;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Chapter 2's {@link ResourceHandler} with the writes of chapter 3: PUT, PATCH (JSON patch, JSON
 * merge patch, strategic merge patch) and DELETE on an object, PUT and PATCH on its /status; and on
 * POST, PUT and PATCH the {@code fieldValidation} parameter kubectl sends.
 */
public class UpdatingResourceHandler extends ResourceHandler {

    public static final String JSON_PATCH = "application/json-patch+json";
    public static final String MERGE_PATCH = "application/merge-patch+json";
    public static final String STRATEGIC_MERGE_PATCH = "application/strategic-merge-patch+json";

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

    @Override
    protected ApiResponse create(ApiRequest request, ResourcePath path) {
        request.rawBody(); // as Kubernetes: the body is read (413) before the options are checked
        Directive validation = Directive.of(request.param("fieldValidation"), "CreateOptions");
        ObjectNode body = request.jsonBody();
        rejectDryRun(request);
        return ApiResponse.created(store.create(path.namespace(), body, validation));
    }

    // tag::other-verb[]
    @Override
    protected ApiResponse otherVerb(ApiRequest request, ResourcePath path) {
        if (path.isCollection()) {
            throw Status.methodNotAllowed().exception(); // no deletecollection in this chapter
        }
        boolean status = path.subresource().equals("status");
        return switch (request.method()) {
            case "PUT" -> {
                request.rawBody();
                Directive validation = Directive.of(request.param("fieldValidation"), "UpdateOptions");
                ObjectNode body = request.jsonBody();
                rejectDryRun(request);
                yield ApiResponse.ok(store.update(path.namespace(), path.name(), body, status, validation));
            }
            case "PATCH" -> {
                Patch patch = patch(request);
                Directive validation = Directive.of(request.param("fieldValidation"), "PatchOptions");
                rejectDryRun(request);
                yield ApiResponse.ok(store.patch(path.namespace(), path.name(), patch, status, validation));
            }
            case "DELETE" -> {
                if (status) {
                    throw Status.methodNotAllowed().exception();
                }
                ObjectNode options = deleteOptions(request);
                rejectDryRun(request);
                yield ApiResponse.ok(store.delete(path.namespace(), path.name(), options));
            }
            default -> throw Status.methodNotAllowed().exception();
        };
    }
    // end::other-verb[]

    // tag::patch-types[]
    /** The patch format is the Content-Type; anything else is a 415 listing the formats served. */
    private Patch patch(ApiRequest request) {
        String mediaType = request.header("Content-Type").split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (!OpenApiV3.PATCH_TYPES.contains(mediaType)) {
            throw Status.unsupportedMediaType(OpenApiV3.PATCH_TYPES).exception();
        }
        byte[] body = request.rawBody();
        return switch (mediaType) {
            case JSON_PATCH -> JsonPatch.parse(body);
            case MERGE_PATCH -> MergePatch.parse(body);
            default -> StrategicMergePatch.parse(body, Definitions.of(type()));
        };
    }
    // end::patch-types[]

    private static void rejectDryRun(ApiRequest request) {
        if (request.hasParam("dryRun")) {
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
