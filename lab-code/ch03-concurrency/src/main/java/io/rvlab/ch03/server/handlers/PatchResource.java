package io.rvlab.ch03.server.handlers;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.handlers.DryRun;
import io.rvlab.ch02.server.handlers.VerbHandler;
import io.rvlab.ch03.wire.openapi.Definitions;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.registry.JsonPatch;
import io.rvlab.ch03.registry.MergePatch;
import io.rvlab.ch03.registry.Patch;
import io.rvlab.ch03.registry.StrategicMergePatch;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import java.util.List;
import java.util.Locale;

/**
 * PATCH of an object or of its /status, in the three formats kubectl sends: JSON patch, JSON merge
 * patch, strategic merge patch (k8s.io/apiserver pkg/endpoints/handlers/patch.go, PatchResource).
 */
public final class PatchResource implements VerbHandler {

    public static final String JSON_PATCH = "application/json-patch+json";
    public static final String MERGE_PATCH = "application/merge-patch+json";
    public static final String STRATEGIC_MERGE_PATCH = "application/strategic-merge-patch+json";

    /** The patch formats served, in Kubernetes' order (its 415 lists them so, and so does OpenAPI). */
    public static final List<String> PATCH_TYPES = List.of(JSON_PATCH, MERGE_PATCH, STRATEGIC_MERGE_PATCH);

    private final UpdatingRegistryStore store;

    public PatchResource(UpdatingRegistryStore store) {
        this.store = store;
    }

    // tag::patch[]
    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        String patchType = patchType(request, PATCH_TYPES);
        Patch patch = parse(patchType, request.rawBody(), store.type());
        Directive validation = Directive.of(request.param("fieldValidation"), "PatchOptions");
        DryRun.reject(request);
        boolean status = path.subresource().equals("status");
        return ApiResponse.ok(store.patch(path.namespace(), path.name(), patch, status, validation));
    }
    // end::patch[]

    // tag::patch-types[]
    /** The patch format is the Content-Type; anything else is a 415 listing the formats served. */
    public static String patchType(ApiRequest request, List<String> served) {
        String mediaType = request.header("Content-Type").split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (!served.contains(mediaType)) {
            throw Status.unsupportedMediaType(served).exception();
        }
        return mediaType;
    }

    /** The body, read as the patch format it is sent as. */
    public static Patch parse(String patchType, byte[] body, ResourceType type) {
        return switch (patchType) {
            case JSON_PATCH -> JsonPatch.parse(body);
            case MERGE_PATCH -> MergePatch.parse(body);
            default -> StrategicMergePatch.parse(body, Definitions.of(type));
        };
    }
    // end::patch-types[]
}
