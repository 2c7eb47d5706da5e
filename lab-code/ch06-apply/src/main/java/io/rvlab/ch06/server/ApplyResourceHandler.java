package io.rvlab.ch06.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.FieldError;
import io.rvlab.ch02.api.GroupKind;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch03.api.Definitions;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.registry.JsonPatch;
import io.rvlab.ch03.registry.MergePatch;
import io.rvlab.ch03.registry.Patch;
import io.rvlab.ch03.registry.StrategicMergePatch;
import io.rvlab.ch03.server.UpdatingResourceHandler;
import io.rvlab.ch04.cache.WatchSource;
import io.rvlab.ch05.server.WatchListResourceHandler;
import io.rvlab.ch06.managedfields.ManagerName;
import io.rvlab.ch06.registry.ApplyPatch;
import io.rvlab.ch06.registry.ApplyRegistryStore;
import java.util.List;
import java.util.Locale;

/**
 * Chapter 5's handler with server-side apply: {@code PATCH} with {@code Content-Type:
 * application/apply-patch+yaml} applies its body as the configuration of the manager named by
 * {@code ?fieldManager=} (required), taking fields from others only with {@code ?force=true}. Every
 * other write names its manager too: {@code ?fieldManager=}, or else the client's User-Agent up to
 * its first '/' (apiserver's managerOrUserAgent), and the store records it in managedFields.
 */
public class ApplyResourceHandler extends WatchListResourceHandler {

    public static final String APPLY_PATCH = "application/apply-patch+yaml";

    /** The patch formats served, in Kubernetes' order (its 415 lists them so). */
    public static final List<String> PATCH_TYPES = List.of(UpdatingResourceHandler.JSON_PATCH,
            UpdatingResourceHandler.MERGE_PATCH, UpdatingResourceHandler.STRATEGIC_MERGE_PATCH, APPLY_PATCH);

    private final ApplyRegistryStore store;

    public ApplyResourceHandler(ApplyRegistryStore store, WatchSource watches) {
        super(store, watches);
        this.store = store;
    }

    @Override
    protected ApiResponse create(ApiRequest request, ResourcePath path) {
        request.rawBody(); // as Kubernetes: the body is read (413) before the options are checked
        Directive validation = Directive.of(request.param("fieldValidation"), "CreateOptions");
        String manager = manager(request, "CreateOptions");
        ObjectNode body = request.jsonBody();
        rejectDryRun(request);
        return ApiResponse.created(store.create(path.namespace(), body, validation, manager));
    }

    // tag::apply-handler[]
    @Override
    protected ApiResponse otherVerb(ApiRequest request, ResourcePath path) {
        if (path.isCollection() || !List.of("PUT", "PATCH").contains(request.method())) {
            return super.otherVerb(request, path); // DELETE, and the 405s, are chapter 3's
        }
        boolean status = path.subresource().equals("status");
        if (request.method().equals("PUT")) {
            request.rawBody();
            Directive validation = Directive.of(request.param("fieldValidation"), "UpdateOptions");
            String manager = manager(request, "UpdateOptions");
            ObjectNode body = request.jsonBody();
            rejectDryRun(request);
            return ApiResponse.ok(store.update(path.namespace(), path.name(), body, status, validation, manager));
        }
        String patchType = patchType(request); // 415 first, as Kubernetes
        byte[] body = request.rawBody();
        Directive validation = Directive.of(request.param("fieldValidation"), "PatchOptions");
        boolean apply = patchType.equals(APPLY_PATCH);
        if (!apply && request.hasParam("force")) {
            throw Status.invalid(new GroupKind("meta.k8s.io", "PatchOptions"), "", List.of(
                    FieldError.forbidden("force", "may not be specified for non-apply patch"))).exception();
        }
        String fieldManager = request.hasParam("fieldManager") ? request.param("fieldManager") : null;
        ManagerName.validate("PatchOptions", fieldManager, apply); // 422, e.g. "is required for apply patch"
        rejectDryRun(request);
        if (apply) {
            ObjectNode config = ApplyPatch.parse(body, validation);
            ApplyRegistryStore.Applied applied = store.apply(path.namespace(), path.name(), config, status, fieldManager,
                    force(request), validation);
            return applied.created() ? ApiResponse.created(applied.object()) : ApiResponse.ok(applied.object());
        }
        String manager = ManagerName.of(fieldManager, request.header("User-Agent"));
        return ApiResponse.ok(store.patch(path.namespace(), path.name(), parse(patchType, body), status, validation,
                manager));
    }
    // end::apply-handler[]

    // tag::manager-of-request[]
    /** A POST's or PUT's manager: validated as its options kind says, then ?fieldManager= or the User-Agent. */
    private static String manager(ApiRequest request, String optionsKind) {
        String fieldManager = request.hasParam("fieldManager") ? request.param("fieldManager") : null;
        ManagerName.validate(optionsKind, fieldManager, false);
        return ManagerName.of(fieldManager, request.header("User-Agent"));
    }
    // end::manager-of-request[]

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

    /** The patch format is the Content-Type; anything else is a 415 listing the formats served. */
    private static String patchType(ApiRequest request) {
        String mediaType = request.header("Content-Type").split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (!PATCH_TYPES.contains(mediaType)) {
            throw Status.unsupportedMediaType(PATCH_TYPES).exception();
        }
        return mediaType;
    }

    private Patch parse(String patchType, byte[] body) {
        return switch (patchType) {
            case UpdatingResourceHandler.JSON_PATCH -> JsonPatch.parse(body);
            case UpdatingResourceHandler.MERGE_PATCH -> MergePatch.parse(body);
            default -> StrategicMergePatch.parse(body, Definitions.of(type()));
        };
    }

    private static void rejectDryRun(ApiRequest request) {
        if (request.hasParam("dryRun")) {
            throw Status.badRequest("dryRun is not supported by this server").exception();
        }
    }
}
