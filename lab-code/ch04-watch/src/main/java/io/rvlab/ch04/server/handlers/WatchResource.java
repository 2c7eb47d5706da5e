package io.rvlab.ch04.server.handlers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.FieldError;
import io.rvlab.ch02.api.ListOptionsValidation;
import io.rvlab.ch02.api.Selection;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.WsStream;
import io.rvlab.ch02.wire.table.TableConvertor;
import io.rvlab.ch02.server.handlers.BoolParam;
import io.rvlab.ch02.server.handlers.VerbHandler;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.storage.ObjectFilter;
import io.rvlab.ch04.cache.EventFeed;
import io.rvlab.ch04.cache.WatchOptions;
import io.rvlab.ch04.cache.WatchSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * WATCH of a collection or of one object ({@code ?watch=1}, or the older {@code /watch/} paths): its
 * options are checked (a mistake is a 4xx Status, before any stream begins), its watcher opened, and
 * the response handed to a {@link WatchStream} (k8s.io/apiserver pkg/endpoints/handlers/watch.go,
 * serveWatch). The stream holds no thread: once its headers are sent, the request's thread goes back
 * to the server's pool.
 *
 * <p>Two parts are given to it, so that chapter 5 can replace them: the rules a watch's
 * resourceVersion options must follow, and where a watch whose options passed gets its events.
 */
public final class WatchResource implements VerbHandler {

    /** kube-apiserver's {@code --min-request-timeout}: a watch without timeoutSeconds lasts 1 to 2 times this. */
    public static final Duration MIN_REQUEST_TIMEOUT = Duration.ofSeconds(1800);

    /** What is wrong with a watch's resourceVersion, resourceVersionMatch and continue: each is one cause of a 422. */
    @FunctionalInterface
    public interface VersionRules {
        List<FieldError> errors(ApiRequest request);
    }

    /** Opens the events of a watch whose options have passed. */
    @FunctionalInterface
    public interface Start {
        EventFeed start(ApiRequest request, WatchOptions options);
    }

    private final ResourceType type;
    private final VersionRules rules;
    private final Start start;

    /** Chapter 4's watch: Kubernetes 1.26's rules, and each watch one watcher of {@code watches}. */
    public WatchResource(ResourceType type, WatchSource watches) {
        this(type, WatchResource::versionErrors, (request, options) -> watches.watch(options));
    }

    public WatchResource(ResourceType type, VersionRules rules, Start start) {
        this.type = type;
        this.rules = rules;
        this.start = start;
    }

    // tag::take-over[]
    /**
     * The options first (a 4xx, while an ordinary answer can still be sent), then the watcher; the
     * answer is a stream that takes the response over: the events as they come, as Table rows if the
     * client asked for them, over the HTTP response, or over a WebSocket if the request asked for an
     * upgrade (watch.go serves a watch either way, the same events).
     */
    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        EventFeed feed = start.start(request, options(request, path));
        String table = TableConvertor.requestedVersion(request.header("Accept"));
        boolean webSocket = WsStream.isWebSocketRequest(request::header);
        return ApiResponse.stream(response ->
                new WatchStream(webSocket ? response.upgradeToWebSocket() : response, feed, type, table).start());
    }
    // end::take-over[]

    // tag::watch-options[]
    /**
     * The options of a watch request, checked as kube-apiserver checks them before it streams: a
     * mistake here is an ordinary 4xx answer; once the stream has begun, problems arrive as an
     * ERROR event instead.
     */
    public WatchOptions options(ApiRequest request, ResourcePath path) {
        String resourceVersion = request.param("resourceVersion");
        List<FieldError> errors = rules.errors(request);
        if (!errors.isEmpty()) {
            throw Status.invalid(ListOptionsValidation.LIST_OPTIONS, "", errors).exception();
        }
        NamespaceParam.requireValid(path.namespace());
        ObjectFilter filter = Selection.parse(request.param("labelSelector"), request.param("fieldSelector"));
        if (!path.name().isEmpty()) {
            filter = new NameFilter(path.name(), filter); // a watch on one object is a watch on its name
        }
        return new WatchOptions(path.namespace(), resourceVersion, filter,
                BoolParam.isTrue(request.param("allowWatchBookmarks")), timeout(request.param("timeoutSeconds")));
    }
    // end::watch-options[]

    /**
     * What is wrong with a watch's resourceVersion, resourceVersionMatch and continue, as Kubernetes
     * 1.26 sees it: any resourceVersionMatch is forbidden for a watch. Chapter 5 gives its handler the
     * rules of streaming lists (sendInitialEvents), which came later.
     */
    public static List<FieldError> versionErrors(ApiRequest request) {
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

    /** Only the object called {@code name}, and only if it also meets the request's selectors. */
    private record NameFilter(String name, ObjectFilter selectors) implements ObjectFilter {
        @Override
        public boolean matches(ObjectNode object) {
            return name.equals(object.path("metadata").path("name").asText()) && selectors.matches(object);
        }

        @Override
        public boolean matchesEverything() {
            return false;
        }
    }
}
