package io.rvlab.ch02.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.server.handlers.Verb;
import io.rvlab.ch02.wire.discovery.Discovery;
import io.rvlab.ch02.wire.table.TableConvertor;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Which handler answers a request, by its path (k8s.io/apiserver pkg/server handler.go, whose
 * {@code director} sends /api and /apis to the resources' routes, installed per verb by
 * pkg/endpoints installer.go, and every other path to the non-API mux): discovery at /, /version,
 * /api and /apis; health at /healthz, /livez and /readyz; a resource's verb further down; and
 * anything else to the server's {@code otherPath}, which a later chapter extends.
 */
final class Director {

    private final Map<String, ResourceHandler> handlers;
    private final Discovery discovery;
    private final BiConsumer<ResponseStream, ApiRequest> otherPath;
    private final TableConvertor tables = new TableConvertor(java.time.Clock.systemUTC());

    /** {@code handlers} by group-version and resource ("v1/configmaps"); {@code otherPath} answers the rest. */
    Director(Map<String, ResourceHandler> handlers, Discovery discovery, BiConsumer<ResponseStream, ApiRequest> otherPath) {
        this.handlers = handlers;
        this.discovery = discovery;
        this.otherPath = otherPath;
    }

    // tag::route[]
    /** Routes and answers one request; true if its answer is a stream that has taken the response over. */
    boolean route(ResponseStream response, ApiRequest request) {
        List<String> s = request.segments();
        String first = s.isEmpty() ? "" : s.get(0);
        boolean streams = false;
        switch (first) {
            case "" -> discoveryAnswer(response, request, discovery.rootPaths());
            case "version" -> requireLength(s, 1, () -> discoveryAnswer(response, request, discovery.version()));
            case "healthz", "livez", "readyz" -> JsonResponses.text(response, 200, "ok");
            case "api" -> {
                if (s.size() == 1) {
                    discoveryAnswer(response, request, discovery.apiVersions(request.header("Host")));
                } else if (!s.get(1).equals("v1") || !discovery.serves("v1")) {
                    throw Status.pathNotFound().exception();
                } else if (s.size() == 2) {
                    discoveryAnswer(response, request, discovery.resourceList("v1"));
                } else {
                    streams = resource(response, request, "v1", s.subList(2, s.size()));
                }
            }
            case "apis" -> {
                if (s.size() == 1) {
                    discoveryAnswer(response, request, discovery.apiGroupList());
                } else if (!discovery.groups().contains(s.get(1))) {
                    throw Status.pathNotFound().exception();
                } else if (s.size() == 2) {
                    discoveryAnswer(response, request, discovery.apiGroup(s.get(1)));
                } else if (!discovery.serves(s.get(1) + "/" + s.get(2))) {
                    throw Status.pathNotFound().exception();
                } else if (s.size() == 3) {
                    discoveryAnswer(response, request, discovery.resourceList(s.get(1) + "/" + s.get(2)));
                } else {
                    streams = resource(response, request, s.get(1) + "/" + s.get(2), s.subList(3, s.size()));
                }
            }
            default -> otherPath.accept(response, request);
        }
        return streams;
    }

    /**
     * A request for a resource: its table ({@link ResourceHandler}) names the verb and serves it. A
     * whole answer is sent here, as Table rows if kubectl asked for them; a stream (a watch) is handed
     * the response, and no thread of the pool waits for it.
     */
    private boolean resource(ResponseStream response, ApiRequest request, String groupVersion, List<String> rest) {
        if (Verb.watchPrefix(request)) {
            rest = rest.subList(1, rest.size()); // /api/v1/watch/namespaces/...: the verb says watch, the path is the rest
        }
        ResourcePath path = ResourcePath.parse(rest).orElseThrow(() -> Status.pathNotFound().exception());
        ResourceHandler handler = handlers.get(groupVersion + "/" + path.resource());
        if (handler == null) {
            throw Status.pathNotFound().exception();
        }
        ApiResponse answer = handler.handle(request, path); // the verb's handler: its etcd call
        if (answer.streams()) {
            answer.stream().accept(response);
            return true;
        }
        String tableVersion = TableConvertor.requestedVersion(request.header("Accept"));
        if (tableVersion != null && request.method().equals("GET") && answer.code() == 200) {
            // kubectl get asks for a Table: the rows and columns it prints
            answer = ApiResponse.ok(tables.convert(handler.type(), answer.body(), tableVersion));
        }
        JsonResponses.send(response, answer.code(), answer.body(), request.pretty());
        return false;
    }
    // end::route[]

    private static void discoveryAnswer(ResponseStream response, ApiRequest request,
            JsonNode body) {
        if (!request.method().equals("GET")) {
            throw Status.methodNotAllowed().exception();
        }
        JsonResponses.send(response, 200, body, request.pretty());
    }

    private static void requireLength(List<String> segments, int length, Runnable action) {
        if (segments.size() != length) {
            throw Status.pathNotFound().exception();
        }
        action.run();
    }
}
