package io.rvlab.ch02.storage;

/**
 * The etcd key of one object: {@code /registry/<resource>/<namespace>/<name>}, or
 * {@code /registry/<resource>/<name>} for a cluster-scoped object such as a Namespace. Only
 * {@link Keys} makes these, from validated parts.
 */
public final class RegistryKey {

    private final String resource;
    private final String namespace;
    private final String name;
    private final String path;

    RegistryKey(String resource, String namespace, String name, String path) {
        this.resource = resource;
        this.namespace = namespace;
        this.name = name;
        this.path = path;
    }

    /** The resource (plural, lower case), such as "configmaps". */
    public String resource() {
        return resource;
    }

    /** The namespace, or "" for a cluster-scoped object. */
    public String namespace() {
        return namespace;
    }

    public String name() {
        return name;
    }

    /** The etcd key. */
    public String path() {
        return path;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RegistryKey key && key.path.equals(path);
    }

    @Override
    public int hashCode() {
        return path.hashCode();
    }

    @Override
    public String toString() {
        return path;
    }
}
