package io.rvlab.ch03.client;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@link ApiClient} for the ConfigMaps of one namespace, by name. */
public final class ConfigMapClient {

    private final ApiClient api;
    private final String namespace;

    public ConfigMapClient(ApiClient api, String namespace) {
        this.api = api;
        this.namespace = namespace;
    }

    public String collection() {
        return "/api/v1/namespaces/" + namespace + "/configmaps";
    }

    public String path(String name) {
        return collection() + "/" + name;
    }

    public ObjectNode get(String name) {
        return api.get(path(name));
    }

    public ObjectNode create(ObjectNode configMap) {
        return api.create(collection(), configMap);
    }

    /** PUT of the whole object, to the name in its metadata. */
    public ObjectNode update(ObjectNode configMap) {
        return api.update(path(configMap.path("metadata").path("name").asText()), configMap);
    }

    public ObjectNode patch(String name, String mergePatch) {
        return api.patch(path(name), mergePatch);
    }

    public ObjectNode delete(String name) {
        return api.delete(path(name));
    }
}
