package io.rvlab.ch02.storage;

import io.rvlab.ch02.wire.gojson.GoJson;
import java.util.List;

/**
 * Builds etcd keys the way kube-apiserver lays them out (under {@code /registry}, its default
 * {@code --etcd-prefix}), and makes sure a key can only ever name what it says.
 *
 * <p>Why this matters: the name in a URL comes straight from a client. If "../secrets/x" or
 * "a/b" could reach a key, one resource's endpoint could read or overwrite another's objects. So
 * every part is validated before it is joined: the resource and namespace must be DNS-1123 labels,
 * the name a DNS-1123 subdomain. Those rules allow no '/', no '%', no NUL, nothing empty, no "." or
 * ".." and nothing longer than 253 characters. A final check confirms the key has exactly the
 * expected shape.
 */
public final class Keys {

    /** kube-apiserver's default key prefix. */
    public static final String ROOT = "/registry";

    private Keys() {
    }

    // tag::keys[]
    /** The key of a namespaced object: /registry/&lt;resource&gt;/&lt;namespace&gt;/&lt;name&gt;. */
    public static RegistryKey object(String resource, String namespace, String name) {
        requireLabel("resource", resource);
        requireLabel("namespace", namespace);
        requireSubdomain("name", name);
        String path = ROOT + "/" + resource + "/" + namespace + "/" + name;
        return new RegistryKey(resource, namespace, name, checked(path, 4));
    }

    /** The key of a cluster-scoped object: /registry/&lt;resource&gt;/&lt;name&gt;. */
    public static RegistryKey clusterObject(String resource, String name) {
        requireLabel("resource", resource);
        requireSubdomain("name", name);
        String path = ROOT + "/" + resource + "/" + name;
        return new RegistryKey(resource, "", name, checked(path, 3));
    }

    /** The prefix of one namespace's objects: /registry/&lt;resource&gt;/&lt;namespace&gt;/. */
    public static RegistryPrefix collection(String resource, String namespace) {
        requireLabel("resource", resource);
        requireLabel("namespace", namespace);
        String path = ROOT + "/" + resource + "/" + namespace + "/";
        return new RegistryPrefix(resource, namespace, checked(path, 3));
    }

    /** The prefix of every object of a resource, in all namespaces: /registry/&lt;resource&gt;/. */
    public static RegistryPrefix all(String resource) {
        requireLabel("resource", resource);
        String path = ROOT + "/" + resource + "/";
        return new RegistryPrefix(resource, "", checked(path, 2));
    }
    // end::keys[]

    private static void requireLabel(String what, String value) {
        if (value == null) {
            throw new InvalidKeyException(what, "", List.of("may not be empty"));
        }
        List<String> errors = DnsNames.labelErrors(value);
        if (!errors.isEmpty()) {
            throw new InvalidKeyException(what, value, errors);
        }
    }

    private static void requireSubdomain(String what, String value) {
        if (value == null) {
            throw new InvalidKeyException(what, "", List.of("may not be empty"));
        }
        List<String> errors = DnsNames.subdomainErrors(value);
        if (!errors.isEmpty()) {
            throw new InvalidKeyException(what, value, errors);
        }
    }

    /**
     * Defence in depth: after the leading "/" (and without a prefix's trailing "/") the key must
     * split into exactly {@code segments} parts, none empty, "." or "..", none holding a NUL, the
     * first being "registry". With validated parts this always holds.
     */
    private static String checked(String path, int segments) {
        String inner = path.substring(1, path.endsWith("/") ? path.length() - 1 : path.length());
        String[] parts = inner.split("/", -1);
        boolean ok = path.startsWith(ROOT + "/") && parts.length == segments;
        for (String part : parts) {
            ok &= !part.isEmpty() && !part.equals(".") && !part.equals("..") && part.indexOf('\0') < 0;
        }
        if (!ok) {
            throw new IllegalStateException("refusing to build malformed key " + GoJson.quote(path));
        }
        return path;
    }
}
