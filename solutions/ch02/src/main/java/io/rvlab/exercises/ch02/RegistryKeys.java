package io.rvlab.exercises.ch02;

import java.util.regex.Pattern;

/**
 * Reference answer to exercise 2.2: the keys of the registry.
 *
 * <p>The names are checked with apimachinery's own regular expressions ({@code IsDNS1123Label},
 * {@code IsDNS1123Subdomain}). {@code Matcher.matches()} must match the whole text: {@code find()}
 * would accept "a/b" because "a" matches. Java's {@code [a-z]} is ASCII only, so a Cyrillic 'а' or
 * a full-width 'ａ' that looks like 'a' is refused. Every prefix ends with '/': without it, the
 * range read of namespace "a" would also return namespace "ab".
 */
public record RegistryKeys(String root) {

    public static final String DEFAULT_ROOT = "/registry";

    private static final String LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    private static final Pattern DNS1123_LABEL = Pattern.compile(LABEL);
    private static final Pattern DNS1123_SUBDOMAIN = Pattern.compile(LABEL + "(\\." + LABEL + ")*");

    public RegistryKeys {
        if (root == null || !root.startsWith("/") || root.endsWith("/")) {
            throw new IllegalArgumentException("root must start with '/' and not end with '/': " + root);
        }
    }

    public String objectKey(String resource, String namespace, String name) {
        return namespacePrefix(resource, namespace) + subdomain("name", name);
    }

    public String clusterObjectKey(String resource, String name) {
        return resourcePrefix(resource) + subdomain("name", name);
    }

    public String namespacePrefix(String resource, String namespace) {
        return resourcePrefix(resource) + label("namespace", namespace) + "/";
    }

    public String resourcePrefix(String resource) {
        return root + "/" + label("resource", resource) + "/";
    }

    public String customResourcePrefix(String group, String resource) {
        return root + "/" + group(group) + "/" + label("resource", resource) + "/";
    }

    public String customObjectKey(String group, String resource, String namespace, String name) {
        return customResourcePrefix(group, resource) + label("namespace", namespace) + "/" + subdomain("name", name);
    }

    /**
     * A CRD's group, as apiextensions-apiserver validates {@code spec.group}: a subdomain with at
     * least one dot. The dot is what keeps {@code <root>/<group>/} apart from every built-in
     * {@code <root>/<resource>/}, whose resource is a label and has none.
     */
    private static String group(String value) {
        subdomain("group", value);
        if (!value.contains(".")) {
            throw new IllegalArgumentException("group \"" + value + "\": should be a domain with at least one dot");
        }
        return value;
    }

    private static String label(String what, String value) {
        if (value == null || value.length() > 63 || !DNS1123_LABEL.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " \"" + value + "\" is not a lowercase RFC 1123 label"
                    + " (at most 63 characters, regex used for validation is '" + LABEL + "')");
        }
        return value;
    }

    private static String subdomain(String what, String value) {
        if (value == null || value.length() > 253 || !DNS1123_SUBDOMAIN.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " \"" + value + "\" is not a lowercase RFC 1123 subdomain"
                    + " (at most 253 characters, regex used for validation is '" + DNS1123_SUBDOMAIN.pattern() + "')");
        }
        return value;
    }
}
