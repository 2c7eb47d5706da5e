package io.rvlab.ch03.client;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.storage.GoJson;

/**
 * {@link ApiClient} for the apps/v1 Deployments of one namespace, by name, with the /status
 * subresource: a controller writes status there (spec sent there is ignored), users write spec
 * through the main resource (status sent there is ignored).
 */
public final class DeploymentClient {

    private final ApiClient api;
    private final String namespace;

    public DeploymentClient(ApiClient api, String namespace) {
        this.api = api;
        this.namespace = namespace;
    }

    public String collection() {
        return "/apis/apps/v1/namespaces/" + namespace + "/deployments";
    }

    public String path(String name) {
        return collection() + "/" + name;
    }

    public ObjectNode get(String name) {
        return api.get(path(name));
    }

    public ObjectNode create(ObjectNode deployment) {
        return api.create(collection(), deployment);
    }

    /** PUT of the whole object, to the name in its metadata. */
    public ObjectNode update(ObjectNode deployment) {
        return api.update(path(deployment.path("metadata").path("name").asText()), deployment);
    }

    /** A JSON merge patch of the main resource (spec, metadata; a status in it is ignored). */
    public ObjectNode patch(String name, String mergePatch) {
        return api.patch(path(name), mergePatch);
    }

    /** A JSON merge patch of the /status subresource (only its status is applied). */
    public ObjectNode patchStatus(String name, String mergePatch) {
        return api.patch(path(name) + "/status", mergePatch);
    }

    /** Merges {@code status} into the object's status through /status: {@code {"status": status}}. */
    public ObjectNode patchStatus(String name, ObjectNode status) {
        ObjectNode patch = JsonNodeFactory.instance.objectNode();
        patch.set("status", status);
        return patchStatus(name, GoJson.compact(patch));
    }

    public ObjectNode delete(String name) {
        return api.delete(path(name));
    }
}
