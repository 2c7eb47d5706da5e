package io.rvlab.ch06.server.handlers;

import static io.rvlab.ch03.server.handlers.PatchResource.JSON_PATCH;
import static io.rvlab.ch03.server.handlers.PatchResource.MERGE_PATCH;
import static io.rvlab.ch03.server.handlers.PatchResource.STRATEGIC_MERGE_PATCH;
import static io.rvlab.ch03.server.handlers.PatchResource.parse;
import static io.rvlab.ch03.server.handlers.PatchResource.patchType;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.FieldError;
import io.rvlab.ch02.api.GroupKind;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.handlers.DryRun;
import io.rvlab.ch02.server.handlers.VerbHandler;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.registry.Patch;
import io.rvlab.ch06.managedfields.ManagerName;
import io.rvlab.ch06.registry.ApplyPatch;
import io.rvlab.ch06.registry.ApplyRegistryStore;
import java.util.List;

/**
 * PATCH with server-side apply (k8s.io/apiserver pkg/endpoints/handlers/patch.go): {@code Content-Type:
 * application/apply-patch+yaml} applies its body as the configuration of the manager named by
 * {@code ?fieldManager=} (required), taking fields from others only with {@code ?force=true}; the
 * other patch formats are chapter 3's, recorded under their manager ({@code ?fieldManager=} or the
 * User-Agent).
 */
public final class PatchResource implements VerbHandler {

    public static final String APPLY_PATCH = "application/apply-patch+yaml";

    /** The patch formats served, in Kubernetes' order (its 415 lists them so). */
    public static final List<String> PATCH_TYPES = List.of(JSON_PATCH, MERGE_PATCH, STRATEGIC_MERGE_PATCH, APPLY_PATCH);

    private final ApplyRegistryStore store;

    public PatchResource(ApplyRegistryStore store) {
        this.store = store;
    }

    // tag::apply-handler[]
    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        String patchType = patchType(request, PATCH_TYPES); // chapter 3's 415 first, listing the apply type too
        byte[] body = request.rawBody();
        Directive validation = Directive.of(request.param("fieldValidation"), "PatchOptions");
        boolean apply = patchType.equals(APPLY_PATCH);
        if (!apply && request.hasParam("force")) {
            throw Status.invalid(new GroupKind("meta.k8s.io", "PatchOptions"), "", List.of(
                    FieldError.forbidden("force", "may not be specified for non-apply patch"))).exception();
        }
        String fieldManager = request.hasParam("fieldManager") ? request.param("fieldManager") : null;
        ManagerName.validate("PatchOptions", fieldManager, apply); // 422, e.g. "is required for apply patch"
        DryRun.reject(request);
        boolean status = path.subresource().equals("status");
        if (apply) {
            ObjectNode config = ApplyPatch.parse(body, validation);
            ApplyRegistryStore.Applied applied = store.apply(path.namespace(), path.name(), config, status, fieldManager,
                    force(request), validation);
            return applied.created() ? ApiResponse.created(applied.object()) : ApiResponse.ok(applied.object());
        }
        String manager = ManagerName.of(fieldManager, request.header("User-Agent"));
        Patch patch = parse(patchType, body, store.type()); // chapter 3's parsers: JSON, merge, strategic merge
        return ApiResponse.ok(store.patch(path.namespace(), path.name(), patch, status, validation, manager));
    }
    // end::apply-handler[]

    /**
     * {@code ?force=}: as Kubernetes converts a query parameter to a bool, only "false" (any case)
     * and "0" are false; anything else, even an empty value, is true.
     */
    static boolean force(ApiRequest request) {
        if (!request.hasParam("force")) {
            return false;
        }
        String value = request.param("force");
        return !(value.equals("0") || value.equalsIgnoreCase("false"));
    }
}
