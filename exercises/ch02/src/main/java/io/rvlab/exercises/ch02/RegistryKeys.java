package io.rvlab.exercises.ch02;

/**
 * <b>Exercise 2.2: the keys of the registry.</b>
 *
 * <p>kube-apiserver keeps every object as one etcd key under a root, {@code /registry} unless
 * {@code --etcd-prefix} says otherwise:
 * <ul>
 *   <li>a namespaced object: {@code /registry/<resource>/<namespace>/<name>}, e.g.
 *       {@code /registry/configmaps/lab/cm-a};</li>
 *   <li>a cluster-scoped object: {@code /registry/<resource>/<name>}, e.g.
 *       {@code /registry/namespaces/lab}.</li>
 * </ul>
 * A list is a range read of every key under a prefix: {@code /registry/configmaps/lab/} for one
 * namespace, {@code /registry/configmaps/} for all of them ({@code etcdctl get --prefix}).
 *
 * <p>The parts come from the URL, so a name must never be able to leave its place in the key
 * space: a name {@code ../secrets/x} must not become a key in another resource, and a range read
 * of namespace {@code a} must not return namespace {@code ab}. Kubernetes gets this from its name
 * rules:
 * <ul>
 *   <li>an object's name is a DNS-1123 <b>subdomain</b>: at most 253 characters; lower-case ASCII
 *       letters, digits, '-' and '.'; made of labels separated by '.', each starting and ending
 *       with a letter or digit;</li>
 *   <li>a namespace (and, here, a resource) is a DNS-1123 <b>label</b>: at most 63 characters;
 *       lower-case ASCII letters, digits and '-'; starting and ending with a letter or digit.</li>
 * </ul>
 * Neither allows '/', '%', NUL, white space, upper case, an empty string, "." or "..".
 *
 * <p>Grade it with {@code ./course grade 2 --exercise 2.2}; the specification is
 * {@code RegistryKeysTest}, which also checks your prefixes with range reads in a real etcd.
 *
 * @param root where the registry starts, without a trailing '/': {@code "/registry"} in a real
 *     cluster; the grading tests use a root of their own
 */
public record RegistryKeys(String root) {

    /** The root kube-apiserver uses by default. */
    public static final String DEFAULT_ROOT = "/registry";

    /** Given, not part of the exercise: the root must start with '/' and must not end with one. */
    public RegistryKeys {
        if (root == null || !root.startsWith("/") || root.endsWith("/")) {
            throw new IllegalArgumentException("root must start with '/' and not end with '/': " + root);
        }
    }

    // tag::signature[]
    /**
     * The key of a namespaced object: {@code <root>/<resource>/<namespace>/<name>}.
     *
     * @throws IllegalArgumentException if {@code resource} or {@code namespace} is not a DNS-1123
     *     label, or {@code name} is not a DNS-1123 subdomain; the message contains the value refused
     */
    public String objectKey(String resource, String namespace, String name) {
        throw new UnsupportedOperationException("TODO exercise 2.2");
    }

    /**
     * The key of a cluster-scoped object: {@code <root>/<resource>/<name>}.
     *
     * @throws IllegalArgumentException as {@link #objectKey}
     */
    public String clusterObjectKey(String resource, String name) {
        throw new UnsupportedOperationException("TODO exercise 2.2");
    }

    /**
     * The prefix to range-read to list one namespace's objects of a resource, and nothing else.
     *
     * @throws IllegalArgumentException as {@link #objectKey}
     */
    public String namespacePrefix(String resource, String namespace) {
        throw new UnsupportedOperationException("TODO exercise 2.2");
    }

    /**
     * The prefix to range-read to list every object of a resource, in all namespaces, and nothing
     * of any other resource.
     *
     * @throws IllegalArgumentException as {@link #objectKey}
     */
    public String resourcePrefix(String resource) {
        throw new UnsupportedOperationException("TODO exercise 2.2");
    }
    // end::signature[]
}
