package io.rvlab.ch03.client;

/** {@link ApiClient} for the ConfigMaps of one namespace, by name. */
public final class ConfigMapClient extends ResourceClient {

    public ConfigMapClient(ApiClient api, String namespace) {
        super(api, "/api/v1/namespaces/" + namespace + "/configmaps");
    }
}
