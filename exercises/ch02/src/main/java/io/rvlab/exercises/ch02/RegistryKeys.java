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
 * <p>A custom resource (a CRD's) has its API group in the path as well:
 * {@code /registry/<group>/<resource>/<namespace>/<name>}, e.g.
 * {@code /registry/stable.example.com/crontabs/default/my-new-cron-object}, while the built-in
 * resources have none.
 *
 * <p>The parts come from the URL, so a part must never be able to leave its place in the key
 * space: a name {@code ../secrets/x} must not become a key in another resource, a range read
 * of namespace {@code a} must not return namespace {@code ab}, and no group's keys may be taken for
 * a built-in resource's. Kubernetes gets this from its name rules, which you must apply exactly:
 * an object's name is a DNS-1123 <b>subdomain</b>, a namespace (and, here, a resource) a DNS-1123
 * <b>label</b>, as {@code IsDNS1123Subdomain} and {@code IsDNS1123Label} check them in
 * {@code k8s.io/apimachinery/pkg/util/validation/validation.go}; a CRD's group is what
 * apiextensions-apiserver accepts as {@code spec.group}
 * ({@code staging/src/k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation/validation.go}).
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

    /**
     * The prefix to range-read to list every object of a custom resource of an API group, in all
     * namespaces, and nothing else: {@code <root>/<group>/<resource>/}.
     *
     * @throws IllegalArgumentException if {@code group} is not a group a CRD may have, or as
     *     {@link #objectKey}; the message contains the value refused
     */
    public String customResourcePrefix(String group, String resource) {
        throw new UnsupportedOperationException("TODO exercise 2.2");
    }

    /**
     * The key of a namespaced custom object: {@code <root>/<group>/<resource>/<namespace>/<name>}.
     *
     * @throws IllegalArgumentException as {@link #customResourcePrefix}
     */
    public String customObjectKey(String group, String resource, String namespace, String name) {
        throw new UnsupportedOperationException("TODO exercise 2.2");
    }
    // end::signature[]
}
