package io.rvlab.ch02.registry;

import java.util.List;

/** The kinds this chapter's server serves. */
public final class ResourceTypes {

    public static final ResourceType NAMESPACES = new ResourceType("", "v1", "namespaces", "namespace", "Namespace",
            false, false, List.of("ns"), List.of(), new NamespaceStrategy());

    public static final ResourceType CONFIGMAPS = new ResourceType("", "v1", "configmaps", "configmap", "ConfigMap",
            true, false, List.of("cm"), List.of(), new ConfigMapStrategy());

    public static final ResourceType DEPLOYMENTS = new ResourceType("apps", "v1", "deployments", "deployment",
            "Deployment", true, true, List.of("deploy"), List.of("all"), new DeploymentStrategy());

    /** In discovery order. */
    public static final List<ResourceType> ALL = List.of(NAMESPACES, CONFIGMAPS, DEPLOYMENTS);

    private ResourceTypes() {
    }
}
