package io.rvlab.ch02.server;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.RegistryStore;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.server.handlers.CreateResource;
import io.rvlab.ch02.server.handlers.GetResource;
import io.rvlab.ch02.server.handlers.ListResource;
import io.rvlab.ch02.server.handlers.Verb;
import io.rvlab.ch02.server.handlers.VerbHandler;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The verbs one resource serves: a table from {@link Verb} to the {@link VerbHandler} that serves it,
 * as apiserver's installer registers one route per verb for each resource
 * (k8s.io/apiserver pkg/endpoints/installer.go). It checks a request's path against the resource
 * (namespaced or cluster-scoped, /status), names its verb, and hands it to that verb's handler; a verb
 * with no handler is a 405.
 *
 * <p>Chapter 2 serves get, list and create. A later chapter adds a verb, or wraps or replaces one,
 * with {@link #with}; discovery's verbs follow from what is registered.
 */
public final class ResourceHandler {

    private final ResourceType type;
    private final Map<Verb, VerbHandler> handlers;
    /** Discovery's verbs, derived once: a table never changes ({@link #with} makes a new one). */
    private final List<String> verbs;
    private final List<String> statusVerbs;

    private ResourceHandler(ResourceType type, Map<Verb, VerbHandler> handlers) {
        this.type = type;
        this.handlers = handlers;
        this.verbs = handlers.keySet().stream().map(Verb::wire).sorted(Comparator.naturalOrder()).toList();
        ResourcePath status = new ResourcePath("", type.resource(), "x", "status", false);
        this.statusVerbs = handlers.keySet().stream().filter(v -> v.routedOn(status)).map(Verb::wire)
                .sorted(Comparator.naturalOrder()).toList();
    }

    /** Chapter 2's verbs of {@code store}'s resource: get, list and create. */
    public static ResourceHandler of(RegistryStore store) {
        return new ResourceHandler(store.type(), new EnumMap<>(Verb.class))
                .with(Verb.GET, new GetResource(store))
                .with(Verb.LIST, new ListResource(store))
                .with(Verb.CREATE, new CreateResource(store));
    }

    /** This table with {@code verb} served by {@code handler}, in addition to (or instead of) what served it. */
    public ResourceHandler with(Verb verb, VerbHandler handler) {
        Map<Verb, VerbHandler> more = new EnumMap<>(Verb.class);
        more.putAll(handlers);
        more.put(verb, handler);
        return new ResourceHandler(type, more);
    }

    /**
     * The handler registered for {@code verb}, for a later chapter to wrap.
     *
     * @throws IllegalStateException if none is
     */
    public VerbHandler handler(Verb verb) {
        VerbHandler handler = handlers.get(verb);
        if (handler == null) {
            throw new IllegalStateException(type.resource() + " does not serve " + verb.wire());
        }
        return handler;
    }

    public ResourceType type() {
        return type;
    }

    /** The verbs discovery advertises for the resource, in Kubernetes' (alphabetical) order; kubectl reads them. */
    public List<String> verbs() {
        return verbs;
    }

    /** The verbs of the /status subresource, if the kind has one: those routed on an object's /status path. */
    public List<String> statusVerbs() {
        return statusVerbs;
    }

    /** Answers one request; a problem is thrown as a Status exception. */
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        boolean shapeFits = type.namespaced()
                ? path.namespacedPath() || path.isCollection()   // .../configmaps lists every namespace
                : !path.namespacedPath();
        if (!shapeFits) {
            throw Status.pathNotFound().exception();
        }
        if (!path.subresource().isEmpty()
                && (!path.subresource().equals("status") || !type.hasStatusSubresource())) {
            throw Status.pathNotFound().exception();
        }
        Verb verb = Verb.of(request, path).orElse(null);
        boolean watches = handlers.containsKey(Verb.WATCH);
        if (Verb.watchPrefix(request) && (verb != Verb.WATCH || !watches)) {
            throw Status.pathNotFound().exception(); // the /watch/ paths exist only for GET, where watch is served
        }
        if (verb == Verb.WATCH && !watches) {
            if (path.isCollection()) {
                // What kube-apiserver answers for a storage without watch support (get.go, ListResource).
                throw Status.methodNotSupported(type.groupResource(), "watch").exception();
            }
            verb = Verb.GET; // an object's GET route reads no watch parameter
        }
        if (verb == Verb.WATCH && !path.subresource().isEmpty()) {
            throw Status.pathNotFound().exception(); // a watch is of objects, never of a subresource
        }
        if (verb == Verb.CREATE && type.namespaced() && !path.namespacedPath()) {
            throw Status.methodNotAllowed().exception(); // POST .../configmaps: which namespace?
        }
        VerbHandler handler = verb == null || !verb.routedOn(path) ? null : handlers.get(verb);
        if (handler == null) {
            throw Status.methodNotAllowed().exception();
        }
        return handler.handle(request, path);
    }
}
