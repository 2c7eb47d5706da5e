package io.rvlab.ch03.client;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;

/**
 * {@link ApiClient} for the apps/v1 Deployments of one namespace, by name, with the /status
 * subresource: a controller writes status there (spec sent there is ignored), users write spec
 * through the main resource (status sent there is ignored).
 */
public final class DeploymentClient extends ResourceClient {

    public DeploymentClient(ApiClient api, String namespace) {
        super(api, "/apis/apps/v1/namespaces/" + namespace + "/deployments");
    }

    /** A JSON merge patch of the /status subresource (only its status is applied). */
    public ObjectNode patchStatus(String name, String mergePatch) {
        return api().patch(path(name) + "/status", mergePatch);
    }

    /** Merges {@code status} into the object's status through /status: {@code {"status": status}}. */
    public ObjectNode patchStatus(String name, ObjectNode status) {
        ObjectNode patch = JsonNodeFactory.instance.objectNode();
        patch.set("status", status);
        return patchStatus(name, GoJson.compact(patch));
    }
}
