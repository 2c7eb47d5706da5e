package io.rvlab.ch02.registry;

import io.rvlab.ch02.api.GroupKind;
import io.rvlab.ch02.api.GroupResource;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch02.storage.RegistryPrefix;
import java.util.List;

/**
 * One kind of object the API serves: where it lives in the URL space and in etcd, and how it is
 * created. This is what discovery ({@code /api/v1}, {@code /apis/apps/v1}) describes to kubectl.
 *
 * @param group the API group, "" for the core group
 * @param version the API version, such as "v1"
 * @param resource the plural lower-case name in URLs and keys, such as "configmaps"
 * @param singularName such as "configmap"
 * @param kind such as "ConfigMap"
 * @param namespaced whether objects live in a namespace
 * @param hasStatusSubresource whether {@code .../<name>/status} exists (spec/status split)
 * @param shortNames such as "cm", for kubectl
 * @param categories such as "all", for {@code kubectl get all}
 * @param strategy what create does for this kind
 */
public record ResourceType(String group, String version, String resource, String singularName, String kind,
        boolean namespaced, boolean hasStatusSubresource, List<String> shortNames, List<String> categories,
        CreateStrategy strategy) {

    public ResourceType {
        shortNames = List.copyOf(shortNames);
        categories = List.copyOf(categories);
    }

    /** "v1" for the core group, "apps/v1" otherwise: the apiVersion of objects and the URL segment. */
    public String groupVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }

    /** The URL prefix of the group version: /api/v1 or /apis/apps/v1. */
    public String apiPath() {
        return group.isEmpty() ? "/api/" + version : "/apis/" + group + "/" + version;
    }

    public String listKind() {
        return kind + "List";
    }

    public GroupResource groupResource() {
        return new GroupResource(group, resource);
    }

    public GroupKind groupKind() {
        return new GroupKind(group, kind);
    }

    /** The etcd key of one object ({@code namespace} ignored for cluster-scoped kinds). */
    public RegistryKey key(String namespace, String name) {
        return namespaced ? Keys.object(resource, namespace, name) : Keys.clusterObject(resource, name);
    }

    /** The etcd prefix of a namespace's objects, or of all of them if {@code namespace} is "". */
    public RegistryPrefix prefix(String namespace) {
        return !namespaced || namespace.isEmpty() ? Keys.all(resource) : Keys.collection(resource, namespace);
    }
}
