package io.rvlab.ch03.wire.openapi;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.wire.discovery.Discovery;
import io.rvlab.ch02.server.ResourceHandler;
import io.rvlab.ch03.server.handlers.PatchResource;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.wire.openapi.Definitions;
import io.rvlab.ch03.wire.openapi.Schema;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The OpenAPI v3 documents kubectl reads before it creates or replaces from a file: {@code
 * /openapi/v3} lists one document per group version, and each document has the paths of that group
 * version's resources and the schemas of its kinds.
 *
 * <p>What kubectl looks for (cli-runtime's queryParamVerifierV3): the PATCH operation whose {@code
 * x-kubernetes-group-version-kind} is the object's kind, and a {@code fieldValidation} query
 * parameter on it. Found, kubectl leaves validation to the server and sends {@code
 * fieldValidation=Strict}; not found, it validates on its own against /openapi/v2, which has no
 * kinds here ({@link OpenApiV2}), and without any OpenAPI it stops: "failed to download openapi".
 */
public final class OpenApiV3 {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** The patch formats this server applies (no apply-patch: there is no server-side apply here). */
    public static final List<String> PATCH_TYPES = PatchResource.PATCH_TYPES;

    private final Map<String, ObjectNode> documents = new LinkedHashMap<>(); // "api/v1" -> document
    private final ObjectNode index = F.objectNode();

    public OpenApiV3(List<? extends ResourceHandler> handlers) {
        Map<String, List<ResourceHandler>> byGroupVersion = new LinkedHashMap<>();
        for (ResourceHandler handler : handlers) {
            byGroupVersion.computeIfAbsent(apiPrefix(handler.type()).substring(1), k -> new java.util.ArrayList<>()).add(handler);
        }
        ObjectNode paths = index.putObject("paths");
        byGroupVersion.forEach((path, served) -> {
            ObjectNode document = document(served);
            documents.put(path, document);
            paths.putObject(path).put("serverRelativeURL", "/openapi/v3/" + path + "?hash=" + hash(document));
        });
    }

    /** {@code /openapi/v3}: where each group version's document is. */
    public ObjectNode index() {
        return index;
    }

    /** The document of {@code api/v1} or {@code apis/apps/v1}, if served. */
    public Optional<ObjectNode> document(String groupVersionPath) {
        return Optional.ofNullable(documents.get(groupVersionPath));
    }

    /** Answers {@code /openapi/...} paths (segments already split); 404 for anything else. */
    public ObjectNode answer(List<String> segments) {
        if (segments.size() == 2 && segments.get(1).equals("v3")) {
            return index;
        }
        if (segments.size() > 2 && segments.get(1).equals("v3")) {
            return document(String.join("/", segments.subList(2, segments.size())))
                    .orElseThrow(() -> Status.pathNotFound().exception());
        }
        throw Status.pathNotFound().exception();
    }

    // tag::document[]
    private static ObjectNode document(List<ResourceHandler> handlers) {
        ObjectNode document = F.objectNode();
        document.put("openapi", "3.0.0");
        ObjectNode info = document.putObject("info");
        info.put("title", "Kubernetes");
        info.put("version", Discovery.GIT_VERSION);
        ObjectNode paths = document.putObject("paths");
        Set<String> kinds = new LinkedHashSet<>(List.of(Definitions.STATUS, Definitions.DELETE_OPTIONS, Definitions.PATCH));
        for (ResourceHandler handler : handlers) {
            ResourceType type = handler.type();
            String kind = Definitions.definitionOf(type);
            kinds.add(kind);
            kinds.add(kind + "List");
            String base = apiPrefix(type) + (type.namespaced() ? "/namespaces/{namespace}/" : "/") + type.resource();
            ObjectNode collection = pathItem(paths, base);
            operation(collection, handler, "get", "list", kind + "List", null, false);
            operation(collection, handler, "post", "create", kind, kind, false);
            if (type.namespaced()) {
                operation(pathItem(paths, apiPrefix(type) + "/" + type.resource()), handler, "get", "list", kind + "List",
                        null, false);
            }
            ObjectNode item = pathItem(paths, base + "/{name}");
            operation(item, handler, "get", "get", kind, null, false);
            operation(item, handler, "put", "update", kind, kind, false);
            operation(item, handler, "patch", "patch", kind, Definitions.PATCH, false);
            operation(item, handler, "delete", "delete", Definitions.STATUS, Definitions.DELETE_OPTIONS, false);
            if (type.hasStatusSubresource()) {
                ObjectNode status = pathItem(paths, base + "/{name}/status");
                operation(status, handler, "get", "get", kind, null, true);
                operation(status, handler, "put", "update", kind, kind, true);
                operation(status, handler, "patch", "patch", kind, Definitions.PATCH, true);
            }
        }
        ObjectNode schemas = document.putObject("components").putObject("schemas");
        Definitions.closure(kinds).forEach((name, schema) -> schemas.set(name, schema.toOpenApi()));
        return document;
    }

    /** A path item, with the path's own parameters ({name}, {namespace}). */
    private static ObjectNode pathItem(ObjectNode paths, String path) {
        ObjectNode item = paths.putObject(path);
        ArrayNode parameters = item.putArray("parameters");
        for (String name : List.of("name", "namespace")) {
            if (path.contains("{" + name + "}")) {
                ObjectNode parameter = parameters.addObject();
                parameter.put("name", name);
                parameter.put("in", "path");
                parameter.put("required", true);
                parameter.putObject("schema").put("type", "string");
            }
        }
        query(parameters, "pretty", "indent the JSON answer");
        return item;
    }

    /**
     * One operation, if the resource (or its /status) serves the verb: the kind it acts on ({@code
     * x-kubernetes-group-version-kind}), its query parameters, what it takes and what it answers.
     */
    private static void operation(ObjectNode path, ResourceHandler handler, String method, String verb,
            String response, String request, boolean status) {
        ResourceType type = handler.type();
        if (!(status ? handler.statusVerbs() : handler.verbs()).contains(verb)) {
            return;
        }
        ObjectNode operation = path.putObject(method);
        operation.put("operationId", verb + (type.namespaced() && !verb.equals("list") ? "Namespaced" : "") + type.kind()
                + (status ? "Status" : ""));
        ArrayNode parameters = operation.putArray("parameters");
        if (List.of("create", "update", "patch").contains(verb)) {
            query(parameters, "fieldValidation", "Ignore, Warn (the default) or Strict: what to do with unknown fields");
        }
        if (verb.equals("list")) {
            for (String name : List.of("labelSelector", "fieldSelector", "limit", "continue", "resourceVersion",
                    "resourceVersionMatch")) {
                query(parameters, name, null);
            }
        }
        if (request != null) {
            ObjectNode requestBody = operation.putObject("requestBody");
            ObjectNode content = requestBody.putObject("content");
            for (String mediaType : verb.equals("patch") ? PATCH_TYPES : List.of("*/*")) {
                content.putObject(mediaType).set("schema", Schema.ref(request).toOpenApi());
            }
            requestBody.put("required", !verb.equals("delete"));
        }
        ObjectNode ok = operation.putObject("responses").putObject(verb.equals("create") ? "201" : "200");
        ok.put("description", verb.equals("create") ? "Created" : "OK");
        ok.putObject("content").putObject("application/json").set("schema", Schema.ref(response).toOpenApi());
        operation.put("x-kubernetes-action", verb.equals("create") ? "post" : verb.equals("update") ? "put" : verb);
        ObjectNode gvk = operation.putObject("x-kubernetes-group-version-kind");
        gvk.put("group", type.group());
        gvk.put("kind", type.kind());
        gvk.put("version", type.version());
    }
    // end::document[]

    private static void query(ArrayNode parameters, String name, String description) {
        ObjectNode parameter = parameters.addObject();
        parameter.put("name", name);
        parameter.put("in", "query");
        if (description != null) {
            parameter.put("description", description);
        }
        parameter.putObject("schema").put("type", "string");
    }

    private static String apiPrefix(ResourceType type) {
        return type.apiPath();
    }

    /** Kubernetes names each document by the SHA-512 of its bytes, in upper-case hex. */
    private static String hash(ObjectNode document) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-512").digest(GoJson.compact(document).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).toUpperCase(Locale.ROOT);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-512", e);
        }
    }
}
