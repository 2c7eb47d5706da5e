package io.rvlab.ch02.storage;

/**
 * The etcd key prefix of a collection: {@code /registry/<resource>/<namespace>/} for one
 * namespace, {@code /registry/<resource>/} for all namespaces or a cluster-scoped resource. It
 * always ends in "/", so the configmaps of namespace "dev" never include those of "dev2". Only
 * {@link Keys} makes these.
 */
public final class RegistryPrefix {

    private final String resource;
    private final String namespace;
    private final String path;

    RegistryPrefix(String resource, String namespace, String path) {
        this.resource = resource;
        this.namespace = namespace;
        this.path = path;
    }

    public String resource() {
        return resource;
    }

    /** The namespace, or "" for every namespace (or a cluster-scoped resource). */
    public String namespace() {
        return namespace;
    }

    /** The key prefix, ending in "/". */
    public String path() {
        return path;
    }

    /** The first key after every key with this prefix: the end of an etcd range over it. */
    public String rangeEnd() {
        // The prefix ends in '/', and the character after '/' is '0': no carry is ever needed.
        return path.substring(0, path.length() - 1) + (char) (path.charAt(path.length() - 1) + 1);
    }

    /** Whether {@code key} lies inside this collection. */
    public boolean contains(String key) {
        return key.startsWith(path);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RegistryPrefix prefix && prefix.path.equals(path);
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
