package io.rvlab.ch02.server.handlers;

import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ResourcePath;
import java.util.List;
import java.util.Optional;

/**
 * The verb of a resource request, as apiserver names it before it routes or authorizes the request
 * (k8s.io/apiserver pkg/endpoints/request/requestinfo.go, RequestInfoFactory): the method, read
 * together with the path's shape and the {@code watch} parameter. Its {@link #wire()} name is the one
 * discovery advertises and kubectl reads.
 */
public enum Verb {
    GET("get", false, true, true),
    LIST("list", true, false, false),
    WATCH("watch", true, true, false),
    CREATE("create", true, false, false),
    UPDATE("update", false, true, true),
    PATCH("patch", false, true, true),
    DELETE("delete", false, true, false),
    DELETECOLLECTION("deletecollection", true, false, false);

    private final String wire;
    private final boolean onCollection;
    private final boolean onObject;
    private final boolean onStatus;

    Verb(String wire, boolean onCollection, boolean onObject, boolean onStatus) {
        this.wire = wire;
        this.onCollection = onCollection;
        this.onObject = onObject;
        this.onStatus = onStatus;
    }

    /** The name discovery lists, such as {@code "list"}. */
    public String wire() {
        return wire;
    }

    /**
     * Whether a route for this verb exists on {@code path}'s shape: list, watch, create and
     * deletecollection on a collection; get, watch, update, patch and delete on an object; get, update
     * and patch on its /status. (apiserver's installer registers one route per verb and path shape.)
     */
    public boolean routedOn(ResourcePath path) {
        if (!path.subresource().isEmpty()) {
            return onStatus;
        }
        return path.isCollection() ? onCollection : onObject;
    }

    /**
     * The verb of {@code request} on {@code path}: GET on a collection is list, or watch when its
     * {@code watch} parameter is true; GET on an object is get, or watch when {@code watch} is true;
     * POST create; PUT update; PATCH patch; DELETE on an object delete, on a collection
     * deletecollection. A GET under the legacy {@code /watch/} prefix is a watch. Any other method
     * (HEAD included) has no verb here: 405.
     */
    public static Optional<Verb> of(ApiRequest request, ResourcePath path) {
        boolean watch = watchPrefix(request) || BoolParam.isTrue(request.param("watch"));
        return switch (request.method()) {
            case "GET" -> Optional.of(watch ? WATCH : path.isCollection() ? LIST : GET);
            case "POST" -> Optional.of(CREATE);
            case "PUT" -> Optional.of(UPDATE);
            case "PATCH" -> Optional.of(PATCH);
            case "DELETE" -> Optional.of(path.isCollection() ? DELETECOLLECTION : DELETE);
            default -> Optional.empty();
        };
    }

    /**
     * Whether the request's path is one of the legacy watch paths, {@code /api/v1/watch/...} or
     * {@code /apis/<group>/<version>/watch/...}: the older form of {@code ?watch=1}.
     */
    public static boolean watchPrefix(ApiRequest request) {
        List<String> s = request.segments();
        int prefix = !s.isEmpty() && s.get(0).equals("api") ? 2 : 3;
        return s.size() > prefix && s.get(prefix).equals("watch");
    }
}
