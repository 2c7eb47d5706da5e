package io.rvlab.ch03.client;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@link ApiClient} for one resource of one namespace, by name: the verbs every resource has, at the
 * paths Kubernetes gives them ({@code <collection>} and {@code <collection>/<name>}). client-go's
 * typed clients (and its dynamic {@code ResourceInterface}) are the same idea, generated per kind.
 */
public class ResourceClient {

    private final ApiClient api;
    private final String collection;

    protected ResourceClient(ApiClient api, String collection) {
        this.api = api;
        this.collection = collection;
    }

    public String collection() {
        return collection;
    }

    public String path(String name) {
        return collection + "/" + name;
    }

    public ObjectNode get(String name) {
        return api.get(path(name));
    }

    public ObjectNode create(ObjectNode object) {
        return api.create(collection, object);
    }

    /** PUT of the whole object, to the name in its metadata. */
    public ObjectNode update(ObjectNode object) {
        return api.update(path(object.path("metadata").path("name").asText()), object);
    }

    /** A JSON merge patch of the main resource. */
    public ObjectNode patch(String name, String mergePatch) {
        return api.patch(path(name), mergePatch);
    }

    public ObjectNode delete(String name) {
        return api.delete(path(name));
    }

    protected ApiClient api() {
        return api;
    }
}
