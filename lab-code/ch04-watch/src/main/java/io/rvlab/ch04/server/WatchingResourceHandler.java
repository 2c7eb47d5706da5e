package io.rvlab.ch04.server;

import io.rvlab.ch02.api.FieldError;
import io.rvlab.ch02.api.ListOptionsValidation;
import io.rvlab.ch02.api.Selection;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.storage.DnsNames;
import io.rvlab.ch02.storage.GoJson;
import io.rvlab.ch02.storage.ObjectFilter;
import io.rvlab.ch02.storage.ResourceVersionMatch;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import io.rvlab.ch03.server.UpdatingResourceHandler;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.cache.WatchOptions;
import io.rvlab.ch04.cache.WatchSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Chapter 3's verbs plus watch, and {@code resourceVersion=0} lists answered from the
 * {@link WatchCache} instead of etcd (apiserver's cacher sits between the registry and etcd for
 * exactly these reads). Without a watch cache every list goes to etcd, as in chapter 3.
 */
public class WatchingResourceHandler extends UpdatingResourceHandler {

    /** kube-apiserver's {@code --min-request-timeout}: a watch without timeoutSeconds lasts 1 to 2 times this. */
    public static final Duration MIN_REQUEST_TIMEOUT = Duration.ofSeconds(1800);

    private final WatchSource watches;

    public WatchingResourceHandler(UpdatingRegistryStore store, WatchSource watches) {
        super(store);
        this.watches = watches;
    }

    /** Where this resource's watches come from: its watch cache, or etcd directly. */
    public WatchSource watches() {
        return watches;
    }

    @Override
    public List<String> verbs() {
        List<String> verbs = new ArrayList<>(super.verbs());
        verbs.add("watch");
        return verbs;
    }

    // tag::list-from-cache[]
    /** resourceVersion=0 ("any"): from the cache, limit ignored; every other list as before, from etcd. */
    @Override
    protected ApiResponse list(ApiRequest request, ResourcePath path) {
        String match = request.param("resourceVersionMatch");
        boolean fromCache = watches instanceof WatchCache && request.param("resourceVersion").equals("0") && request.param("continue").isEmpty()
                && (match.isEmpty() || match.equals(ResourceVersionMatch.NOT_OLDER_THAN.wire()))
                && !request.hasParam("sendInitialEvents");
        if (!fromCache) {
            return super.list(request, path);
        }
        requireValidNamespace(path.namespace());
        Selection selection = Selection.parse(request.param("labelSelector"), request.param("fieldSelector"));
        return ApiResponse.ok(((WatchCache) watches).list(path.namespace(), selection));
    }
    // end::list-from-cache[]

    // tag::watch-options[]
    /**
     * The options of a watch request, checked as kube-apiserver checks them before it streams: a
     * mistake here is an ordinary 4xx answer; once the stream has begun, problems arrive as an
     * ERROR event instead.
     */
    public WatchOptions watchOptions(ApiRequest request, ResourcePath path) {
        String resourceVersion = request.param("resourceVersion");
        List<FieldError> errors = watchVersionErrors(request);
        if (!errors.isEmpty()) {
            throw Status.invalid(ListOptionsValidation.LIST_OPTIONS, "", errors).exception();
        }
        requireValidNamespace(path.namespace());
        ObjectFilter filter = Selection.parse(request.param("labelSelector"), request.param("fieldSelector"));
        if (!path.name().isEmpty()) {
            filter = new NameFilter(path.name(), filter); // a watch on one object is a watch on its name
        }
        return new WatchOptions(path.namespace(), resourceVersion, filter,
                isTrue(request.param("allowWatchBookmarks")), timeout(request.param("timeoutSeconds")));
    }
    // end::watch-options[]

    /**
     * What is wrong with a watch's resourceVersion, resourceVersionMatch and continue, as Kubernetes
     * 1.26 sees it: any resourceVersionMatch is forbidden for a watch. Chapter 5 overrides this with
     * the rules of streaming lists (sendInitialEvents), which came later.
     */
    protected List<FieldError> watchVersionErrors(ApiRequest request) {
        String match = request.param("resourceVersionMatch");
        List<FieldError> errors = new ArrayList<>();
        if (!match.isEmpty()) { // 1.26 checks this first
            errors.add(FieldError.forbidden("resourceVersionMatch", "resourceVersionMatch is forbidden for watch"));
        }
        errors.addAll(ListOptionsValidation.errors(request.param("resourceVersion"), match, request.param("continue"), false));
        return errors;
    }

    /** {@code timeoutSeconds}, or (absent or 0) a random time between 30 and 60 minutes, as kube-apiserver picks. */
    static Duration timeout(String text) {
        long seconds = 0;
        if (!text.isEmpty()) {
            try {
                seconds = Long.parseLong(text);
            } catch (NumberFormatException e) {
                seconds = -1;
            }
            if (seconds < 0) {
                throw Status.badRequest("invalid value for timeoutSeconds " + GoJson.quote(text)
                        + ": a whole number of seconds, 0 or more").exception();
            }
        }
        if (seconds > 0) {
            return Duration.ofSeconds(seconds);
        }
        double factor = 1 + ThreadLocalRandom.current().nextDouble();
        return Duration.ofMillis((long) (MIN_REQUEST_TIMEOUT.toMillis() * factor));
    }

    private static void requireValidNamespace(String namespace) {
        if (!namespace.isEmpty()) {
            List<String> errors = DnsNames.labelErrors(namespace);
            if (!errors.isEmpty()) {
                throw Status.badRequest("invalid namespace " + GoJson.quote(namespace) + ": "
                        + String.join(", ", errors)).exception();
            }
        }
    }

    /** How Kubernetes reads a boolean query parameter (Go's strconv.ParseBool, with anything else false). */
    public static boolean isTrue(String value) {
        return switch (value) {
            case "1", "t", "T", "TRUE", "true", "True" -> true;
            default -> false;
        };
    }

    /** Only the object called {@code name}, and only if it also meets the request's selectors. */
    private record NameFilter(String name, ObjectFilter selectors) implements ObjectFilter {
        @Override
        public boolean matches(com.fasterxml.jackson.databind.node.ObjectNode object) {
            return name.equals(object.path("metadata").path("name").asText()) && selectors.matches(object);
        }

        @Override
        public boolean matchesEverything() {
            return false;
        }
    }
}
