package io.rvlab.ch02.wire.discovery;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.server.ResourceHandler;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The discovery documents kubectl reads before anything else, to learn which resources exist,
 * whether they are namespaced, their kinds, verbs and short names ({@code cm}, {@code ns},
 * {@code deploy}). These are the legacy (unaggregated) documents; kubectl falls back to them when a
 * server does not offer the aggregated {@code apidiscovery.k8s.io} format.
 */
public final class Discovery {

    /**
     * The version this server reports. It speaks the API of Kubernetes 1.26 (the version the
     * course's reference transcripts come from); "-rvlab" marks it as not a real kube-apiserver.
     */
    public static final String GIT_VERSION = "v1.26.1-rvlab";

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final List<ResourceHandler> handlers;

    public Discovery(List<ResourceHandler> handlers) {
        this.handlers = List.copyOf(handlers);
    }

    /** {@code /version}. */
    public ObjectNode version() {
        ObjectNode json = F.objectNode();
        json.put("major", "1");
        json.put("minor", "26");
        json.put("gitVersion", GIT_VERSION);
        json.put("gitCommit", "");
        json.put("gitTreeState", "");
        json.put("buildDate", "");
        json.put("goVersion", "java" + Runtime.version().feature());
        json.put("compiler", "javac");
        json.put("platform", System.getProperty("os.name").toLowerCase(Locale.ROOT) + "/" + arch());
        return json;
    }

    /** {@code /api}: the core group's versions. */
    public ObjectNode apiVersions(String serverAddress) {
        ObjectNode json = F.objectNode();
        json.put("kind", "APIVersions");
        json.putArray("versions").add("v1");
        ObjectNode address = json.putArray("serverAddressByClientCIDRs").addObject();
        address.put("clientCIDR", "0.0.0.0/0");
        address.put("serverAddress", serverAddress);
        return json;
    }

    /** The named groups ("apps"), in the order their resources were registered. */
    public Set<String> groups() {
        Set<String> groups = new LinkedHashSet<>();
        handlers.stream().map(h -> h.type().group()).filter(g -> !g.isEmpty()).forEach(groups::add);
        return groups;
    }

    /** Whether a group version is served: "v1" is the core group. */
    public boolean serves(String groupVersion) {
        return handlers.stream().anyMatch(h -> h.type().groupVersion().equals(groupVersion));
    }

    /** {@code /apis}. */
    public ObjectNode apiGroupList() {
        ObjectNode json = F.objectNode();
        json.put("kind", "APIGroupList");
        json.put("apiVersion", "v1");
        ArrayNode groups = json.putArray("groups");
        for (String group : groups()) {
            groups.add(groupBody(group));
        }
        return json;
    }

    /** {@code /apis/<group>}. */
    public ObjectNode apiGroup(String group) {
        ObjectNode json = F.objectNode();
        json.put("kind", "APIGroup");
        json.put("apiVersion", "v1");
        json.setAll(groupBody(group));
        return json;
    }

    private ObjectNode groupBody(String group) {
        ObjectNode body = F.objectNode();
        body.put("name", group);
        ArrayNode versions = body.putArray("versions");
        String preferred = null;
        for (ResourceHandler handler : handlers) {
            ResourceType type = handler.type();
            String gv = type.groupVersion();
            if (type.group().equals(group) && versions.findValuesAsText("groupVersion").stream().noneMatch(gv::equals)) {
                ObjectNode version = versions.addObject();
                version.put("groupVersion", gv);
                version.put("version", type.version());
                preferred = preferred == null ? gv : preferred;
            }
        }
        ObjectNode preferredVersion = body.putObject("preferredVersion");
        preferredVersion.put("groupVersion", preferred);
        preferredVersion.put("version", preferred == null ? null : preferred.substring(preferred.indexOf('/') + 1));
        return body;
    }

    // tag::resource-list[]
    /** {@code /api/v1} or {@code /apis/apps/v1}: the resources of one group version. */
    public ObjectNode resourceList(String groupVersion) {
        ObjectNode json = F.objectNode();
        json.put("kind", "APIResourceList");
        if (groupVersion.contains("/")) {
            json.put("apiVersion", "v1"); // kube-apiserver leaves it out for the core group only
        }
        json.put("groupVersion", groupVersion);
        ArrayNode resources = json.putArray("resources");
        handlers.stream()
                .filter(h -> h.type().groupVersion().equals(groupVersion))
                .sorted(Comparator.comparing(h -> h.type().resource()))
                .forEach(handler -> {
                    ResourceType type = handler.type();
                    ObjectNode resource = resources.addObject();
                    resource.put("name", type.resource());
                    resource.put("singularName", type.singularName());
                    resource.put("namespaced", type.namespaced());
                    resource.put("kind", type.kind());
                    handler.verbs().forEach(resource.putArray("verbs")::add);
                    if (!type.shortNames().isEmpty()) {
                        type.shortNames().forEach(resource.putArray("shortNames")::add);
                    }
                    if (!type.categories().isEmpty()) {
                        type.categories().forEach(resource.putArray("categories")::add);
                    }
                    if (type.hasStatusSubresource()) {
                        ObjectNode status = resources.addObject();
                        status.put("name", type.resource() + "/status");
                        status.put("singularName", "");
                        status.put("namespaced", type.namespaced());
                        status.put("kind", type.kind());
                        handler.statusVerbs().forEach(status.putArray("verbs")::add);
                    }
                });
        return json;
    }
    // end::resource-list[]

    /** {@code /}: the paths this server answers. */
    public ObjectNode rootPaths() {
        ObjectNode json = F.objectNode();
        ArrayNode paths = json.putArray("paths");
        paths.add("/api");
        paths.add("/api/v1");
        paths.add("/apis");
        for (String group : groups()) {
            paths.add("/apis/" + group);
            handlers.stream().filter(h -> h.type().group().equals(group)).map(h -> h.type().apiPath())
                    .distinct().forEach(paths::add);
        }
        paths.add("/healthz");
        paths.add("/version");
        return json;
    }

    private static String arch() {
        String arch = System.getProperty("os.arch");
        return switch (arch) {
            case "x86_64", "amd64" -> "amd64";
            case "aarch64" -> "arm64";
            default -> arch;
        };
    }
}
