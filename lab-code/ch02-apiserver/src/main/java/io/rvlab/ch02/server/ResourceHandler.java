package io.rvlab.ch02.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.ListOptionsValidation;
import io.rvlab.ch02.api.Selection;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.RegistryStore;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.storage.GetOptions;
import io.rvlab.ch02.storage.GoJson;
import io.rvlab.ch02.storage.ListOptions;
import io.rvlab.ch02.storage.ResourceVersionMatch;
import java.util.List;

/**
 * The HTTP verbs of one resource (apiserver's endpoints/handlers): reads query parameters, checks
 * them as Kubernetes does, and calls the {@link RegistryStore}.
 *
 * <ul>
 *   <li>GET on a collection: list; GET on an object or its /status: get;</li>
 *   <li>POST on a namespace's collection (or a cluster-scoped one): create, 201;</li>
 *   <li>everything else: 405. Chapter 3 overrides {@link #otherVerb} to add PUT, PATCH and DELETE.</li>
 * </ul>
 */
public class ResourceHandler {

    private final RegistryStore store;

    public ResourceHandler(RegistryStore store) {
        this.store = store;
    }

    public ResourceType type() {
        return store.type();
    }

    protected RegistryStore store() {
        return store;
    }

    /** The verbs discovery advertises for the resource; kubectl reads them. */
    public List<String> verbs() {
        return List.of("create", "get", "list");
    }

    /** The verbs of the /status subresource, if the kind has one. */
    public List<String> statusVerbs() {
        return List.of("get");
    }

    /** Answers one request; a problem is thrown as a Status exception. */
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        ResourceType type = type();
        boolean shapeFits = type.namespaced()
                ? path.namespacedPath() || path.isCollection()   // .../configmaps lists every namespace
                : !path.namespacedPath();
        if (!shapeFits) {
            throw Status.pathNotFound().exception();
        }
        if (!path.subresource().isEmpty()) {
            if (!path.subresource().equals("status") || !type.hasStatusSubresource()) {
                throw Status.pathNotFound().exception();
            }
            if (request.method().equals("GET")) {
                return get(request, path);
            }
            return otherVerb(request, path);
        }
        if (path.isCollection()) {
            return switch (request.method()) {
                case "GET" -> list(request, path);
                case "POST" -> {
                    if (type.namespaced() && !path.namespacedPath()) {
                        throw Status.methodNotAllowed().exception(); // POST .../configmaps: which namespace?
                    }
                    yield create(request, path);
                }
                default -> otherVerb(request, path);
            };
        }
        return request.method().equals("GET") ? get(request, path) : otherVerb(request, path);
    }

    /** PUT, PATCH, DELETE and anything else: not in this chapter. */
    protected ApiResponse otherVerb(ApiRequest request, ResourcePath path) {
        throw Status.methodNotAllowed().exception();
    }

    protected ApiResponse get(ApiRequest request, ResourcePath path) {
        // A single GET takes a resourceVersion; resourceVersionMatch is silently ignored (as in Kubernetes).
        GetOptions options = new GetOptions(request.param("resourceVersion"));
        return ApiResponse.ok(store.get(path.namespace(), path.name(), options));
    }

    // tag::list-handler[]
    protected ApiResponse list(ApiRequest request, ResourcePath path) {
        if (isTrue(request.param("watch"))) {
            // What kube-apiserver answers for a storage without watch support; chapter 4 adds watch.
            throw Status.methodNotSupported(type().groupResource(), "watch").exception();
        }
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

    protected ApiResponse create(ApiRequest request, ResourcePath path) {
        ObjectNode body = request.jsonBody();
        if (request.hasParam("dryRun")) {
            throw Status.badRequest("dryRun is not supported by this server").exception();
        }
        return ApiResponse.created(store.create(path.namespace(), body));
    }

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

    private static boolean isTrue(String value) {
        return switch (value) {
            case "1", "t", "T", "TRUE", "true", "True" -> true;
            default -> false;
        };
    }
}
